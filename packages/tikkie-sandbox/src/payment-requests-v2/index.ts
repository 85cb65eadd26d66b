/**
 * Payment requests v2 in the sandbox: `/v2/{product}/...` for product `pay` (the documents) and
 * `tikkie` (the live service), a payment page for payers, and controls for tests.
 *
 * Service routes (API-Key on every call; X-App-Token on every call but POST /sandboxapps):
 *   POST   /v2/{product}/sandboxapps                              -> 201 {appToken}
 *   POST   /v2/{product}/paymentrequests                          -> 201 payment request
 *   GET    /v2/{product}/paymentrequests?pageNumber&pageSize[&fromDateTime&toDateTime]
 *   GET    /v2/{product}/paymentrequests/{paymentRequestToken}
 *   GET    /v2/{product}/paymentrequests/{paymentRequestToken}/payments?pageNumber&pageSize[&...&includeRefunds]
 *   GET    /v2/{product}/paymentrequests/{paymentRequestToken}/payments/{paymentToken}
 *   POST   /v2/{product}/paymentrequests/{paymentRequestToken}/payments/{paymentToken}/refunds -> 201 refund
 *   GET    /v2/{product}/paymentrequests/{paymentRequestToken}/payments/{paymentToken}/refunds/{refundToken}
 *   POST   /v2/{product}/paymentrequestssubscription {url}         -> 201 {subscriptionId} (replaces any earlier one)
 *   DELETE /v2/{product}/paymentrequestssubscription               -> 204
 *
 * Behaviour:
 *   - Lists are newest first; pageNumber counts from 0; pageSize 1-50; fromDateTime inclusive,
 *     toDateTime exclusive (on createdDateTime).
 *   - Missing API-Key: 401 API_KEY_INVALID. App tokens are bound to the API key that made them.
 *   - Another app's payment request answers 404 PAYMENT_REQUEST_NOT_FOUND.
 *   - Without expiryDate a request expires after 14 days; it can be paid until midnight
 *     (Europe/Amsterdam) at the end of its expiryDate, then reads EXPIRED (move time with
 *     POST /_sandbox/clock).
 *   - A fixed-amount request takes one payment (then MAX_SUCCESSFUL_PAYMENTS_REACHED); an open-amount
 *     request takes payments until it expires or they total 999,999 cents (MAX_YIELD_REACHED).
 *   - Refunds start PENDING and become PAID only through the control below.
 *   - Notifications (kind "paymentRequests.notification" in GET /_sandbox/deliveries) go to the app's
 *     subscription: PAYMENT on each payment, REFUND when a refund becomes PAID.
 *
 * Payment page (for payers, no credentials):
 *   GET  /pay/v2/{paymentRequestToken}   the page (200), 410 when it cannot be paid (with the reason), 404 unknown
 *   POST /pay/v2/{paymentRequestToken}   form fields `counterPartyName` and, for an open amount,
 *                                        `amount` in euro ("12,50" or "12.50") -> 200 paid confirmation
 *
 * Controls:
 *   POST /_sandbox/paymentrequests/{paymentRequestToken}/pay  {amountInCents?, counterPartyName?, secondDevice?}
 *        A payer pays (amountInCents required for an open amount; for a fixed amount it may be left out
 *        or must equal it). 201 with the payment record; 409 PAYMENT_REQUEST_NOT_OPEN when it cannot be paid.
 *        `secondDevice: true`: a second payment on a fixed amount that was already paid (a shared link paid
 *        on two devices at once), as the bank would take it.
 *   POST /_sandbox/paymentrequests/{paymentRequestToken}/close   -> 200, status CLOSED
 *   POST /_sandbox/refunds/{refundToken}/pay                      -> 200, refund PAID (+ REFUND notification)
 *   POST /_sandbox/apps/{appToken}/disable                        -> 200; calls answer 401 APP_TOKEN_DISABLED
 *   POST /_sandbox/apps/{appToken}/enable                         -> 200
 *   GET  /_sandbox/paymentrequests[?appToken=]                    -> every request with payments and refunds
 */
import { payoutReference } from "../payouts"
import type { SandboxContext } from "../context"
import { closePaymentRequest, listAll, payPaymentRequest, payRefund, setAppDisabled } from "./controls"
import { createPaymentRequest } from "./create-payment-request"
import { createRefund } from "./create-refund"
import { createSandboxApp } from "./create-sandbox-app"
import { getPayment } from "./get-payment"
import { getPaymentRequest } from "./get-payment-request"
import { getRefund } from "./get-refund"
import { listPaymentRequests } from "./list-payment-requests"
import { listPayments } from "./list-payments"
import { paymentPage, paymentSubmit } from "./payment-page"
import { PaymentRequestsV2State } from "./state"
import { deleteNotificationSubscription, subscribeNotifications } from "./subscription"

const OP = "paymentRequestsV2"
const CONTROL = "control.paymentRequestsV2"
const PR = "/v2/{product}/paymentrequests"
const PAYMENT = `${PR}/:paymentRequestToken/payments/:paymentToken`

/** Registers this service's routes and its /_sandbox controls. */
export function registerPaymentRequestsV2(ctx: SandboxContext): void {
  const state = new PaymentRequestsV2State()
  ctx.onReset(() => state.reset())
  ctx.payouts.register(function* () {
    for (const pr of state.paymentRequests.values()) {
      for (const p of pr.payments) {
        yield {
          source: "paymentrequest",
          reference: payoutReference(p.paymentToken),
          amountInCents: p.amountInCents,
          paidAt: p.createdAt,
        }
      }
    }
  })
  ctx.persist("paymentRequestsV2", { save: () => state.snapshot(), load: (d) => state.restore(d) })
  const r = ctx.router

  r.add("POST", "/v2/{product}/sandboxapps", `${OP}.createSandboxApp`, createSandboxApp(state))
  r.add("POST", PR, `${OP}.createPaymentRequest`, createPaymentRequest(ctx, state))
  r.add("GET", PR, `${OP}.listPaymentRequests`, listPaymentRequests(ctx, state))
  r.add("GET", `${PR}/:paymentRequestToken`, `${OP}.getPaymentRequest`, getPaymentRequest(ctx, state))
  r.add("GET", `${PR}/:paymentRequestToken/payments`, `${OP}.listPayments`, listPayments(state))
  r.add("GET", PAYMENT, `${OP}.getPayment`, getPayment(state))
  r.add("POST", `${PAYMENT}/refunds`, `${OP}.createRefund`, createRefund(ctx, state))
  r.add("GET", `${PAYMENT}/refunds/:refundToken`, `${OP}.getRefund`, getRefund(state))
  r.add(
    "POST",
    "/v2/{product}/paymentrequestssubscription",
    `${OP}.subscribeNotifications`,
    subscribeNotifications(state)
  )
  r.add(
    "DELETE",
    "/v2/{product}/paymentrequestssubscription",
    `${OP}.deleteNotificationSubscription`,
    deleteNotificationSubscription(state)
  )

  r.add("GET", "/pay/v2/:paymentRequestToken", `${OP}.paymentPage`, paymentPage(ctx, state))
  r.add("POST", "/pay/v2/:paymentRequestToken", `${OP}.paymentSubmit`, paymentSubmit(ctx, state))

  r.add("POST", "/_sandbox/paymentrequests/:paymentRequestToken/pay", `${CONTROL}.pay`, payPaymentRequest(ctx, state))
  r.add(
    "POST",
    "/_sandbox/paymentrequests/:paymentRequestToken/close",
    `${CONTROL}.close`,
    closePaymentRequest(ctx, state)
  )
  r.add("POST", "/_sandbox/refunds/:refundToken/pay", `${CONTROL}.payRefund`, payRefund(ctx, state))
  r.add("POST", "/_sandbox/apps/:appToken/disable", `${CONTROL}.disableApp`, setAppDisabled(state, true))
  r.add("POST", "/_sandbox/apps/:appToken/enable", `${CONTROL}.enableApp`, setAppDisabled(state, false))
  r.add("GET", "/_sandbox/paymentrequests", `${CONTROL}.list`, listAll(ctx, state))
}
