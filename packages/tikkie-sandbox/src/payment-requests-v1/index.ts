/**
 * Payment requests v1, the legacy API (Payment Request Service Specification, version 1).
 *
 * Service routes (product segment `pay` or `tikkie`; headers API-Key and Authorization: Bearer <token
 * with scope pay> on every call):
 *   POST /v1/{product}/platforms                                            paymentRequestsV1.createPlatform
 *   GET  /v1/{product}/platforms                                            paymentRequestsV1.listPlatforms
 *   POST /v1/{product}/platforms/:platformToken/users                       paymentRequestsV1.createUser
 *   GET  /v1/{product}/platforms/:platformToken/users                       paymentRequestsV1.listUsers
 *   POST /v1/{product}/platforms/:platformToken/users/:userToken/bankaccounts/:bankAccountToken/paymentrequests
 *                                                                           paymentRequestsV1.createPaymentRequest
 *   GET  /v1/{product}/platforms/:platformToken/users/:userToken/paymentrequests?offset=&limit=&fromDate=&toDate=
 *                                                                           paymentRequestsV1.listPaymentRequests
 *   GET  /v1/{product}/platforms/:platformToken/users/:userToken/paymentrequests/:paymentRequestToken
 *                                                                           paymentRequestsV1.getPaymentRequest
 * Payment page (paymentRequestUrl): GET /pay/v1/:paymentRequestToken shows the request with a name field,
 * an amount field for open amounts ("12,50") and the buttons Pay and "Pay fails"; the form POSTs back to
 * the same address (paymentRequestsV1.paymentPage / paymentRequestsV1.submitPaymentPage).
 *
 * Sandbox behaviour worth knowing:
 * - A token for these calls: POST /_sandbox/oauth/tokens {"scope":"pay"}; expire it with
 *   POST /_sandbox/oauth/tokens/expire {"access_token": "..."}. API-Key missing: 400 ERR_1100_005; bearer
 *   missing, unknown or expired: 401 ERR_2002_002; token without scope pay: 403 ERR_3002_003.
 * - Platforms belong to the API key; at most `v1MaxPlatformsPerClient` per key (default 5, then 403
 *   ERR_3100_001) and `v1MaxUsersPerPlatform` users per platform (default 10, then 403 ERR_3100_002). An
 *   IBAN can be coupled to one user only (ERR_1100_001). Platforms and users are created ACTIVE.
 * - Payment requests are OPEN, expire 14 days after creation (EXPIRED; move time with POST /_sandbox/clock),
 *   become MAX_SUCCESSFUL_PAYMENTS_REACHED after the one PAID payment of a fixed amount, and
 *   MAX_YIELD_REACHED when open-amount payments reach € 9.999,99. Reads list PAID payments only.
 * - After a PAID payment the sandbox POSTs a SANDBOX-ONLY body {sandboxOnly, notificationType: "PAYMENT",
 *   platformToken, userToken, paymentRequestToken, paymentToken} to the platform's notificationUrl (the
 *   real v1 body is undocumented): treat it as a hint and read the request.
 *
 * Controls:
 *   POST /_sandbox/v1/paymentrequests/:paymentRequestToken/pay
 *        {"amountInCents"?: 1250 | "1250", "counterPartyName"?: "...", "onlinePaymentStatus"?: "PAID" | "NOT_PAID"}
 *        pays as the payment page would (default PAID; amountInCents required for an open amount). 201
 *        {payment, paymentRequest}; 400 ERR_1100_006 when the request is not OPEN.  control.paymentRequestsV1.pay
 *        `"secondDevice": true` pays a fixed amount that was paid already (a shared link paid on two devices).
 *   POST /_sandbox/v1/paymentrequests/:paymentRequestToken/close
 *        closes an OPEN request (status CLOSED).                              control.paymentRequestsV1.close
 *   GET  /_sandbox/v1/platforms
 *        every platform with its users, requests and all payments (NOT_PAID too); API keys appear only as a
 *        fingerprint.                                                           control.paymentRequestsV1.listPlatforms
 */
import { payoutReference } from "../payouts"
import type { SandboxContext } from "../context"
import { closeControl, listAllControl, payControl } from "./controls"
import { createPaymentRequest } from "./create-payment-request"
import { createPlatform } from "./create-platform"
import { createUser } from "./create-user"
import { getPaymentRequest } from "./get-payment-request"
import { listPaymentRequests } from "./list-payment-requests"
import { listPlatforms } from "./list-platforms"
import { listUsers } from "./list-users"
import { paymentPage, submitPaymentPage } from "./pages"
import { V1Store } from "./state"

const OP = "paymentRequestsV1"
const BASE = "/v1/{product}/platforms"

/** Registers this service's routes and its /_sandbox controls. */
export function registerPaymentRequestsV1(ctx: SandboxContext): void {
  const store = new V1Store()
  ctx.onReset(() => store.clear())
  ctx.payouts.register(function* () {
    for (const pr of store.paymentRequests.values()) {
      for (const p of pr.payments) {
        if (p.onlinePaymentStatus !== "PAID") continue
        yield {
          source: "paymentrequest",
          reference: payoutReference(p.paymentToken),
          amountInCents: p.amountInCents,
          paidAt: p.createdAt,
        }
      }
    }
  })
  ctx.persist("paymentRequestsV1", { save: () => store.snapshot(), load: (d) => store.restore(d) })
  const r = ctx.router
  r.add("POST", BASE, `${OP}.createPlatform`, createPlatform(ctx, store))
  r.add("GET", BASE, `${OP}.listPlatforms`, listPlatforms(ctx, store))
  r.add("POST", `${BASE}/:platformToken/users`, `${OP}.createUser`, createUser(ctx, store))
  r.add("GET", `${BASE}/:platformToken/users`, `${OP}.listUsers`, listUsers(ctx, store))
  r.add(
    "POST",
    `${BASE}/:platformToken/users/:userToken/bankaccounts/:bankAccountToken/paymentrequests`,
    `${OP}.createPaymentRequest`,
    createPaymentRequest(ctx, store)
  )
  r.add(
    "GET",
    `${BASE}/:platformToken/users/:userToken/paymentrequests`,
    `${OP}.listPaymentRequests`,
    listPaymentRequests(ctx, store)
  )
  r.add(
    "GET",
    `${BASE}/:platformToken/users/:userToken/paymentrequests/:paymentRequestToken`,
    `${OP}.getPaymentRequest`,
    getPaymentRequest(ctx, store)
  )
  r.add("GET", "/pay/v1/:paymentRequestToken", `${OP}.paymentPage`, paymentPage(ctx, store))
  r.add("POST", "/pay/v1/:paymentRequestToken", `${OP}.submitPaymentPage`, submitPaymentPage(ctx, store))

  r.add("POST", "/_sandbox/v1/paymentrequests/:paymentRequestToken/pay", `control.${OP}.pay`, payControl(ctx, store))
  r.add(
    "POST",
    "/_sandbox/v1/paymentrequests/:paymentRequestToken/close",
    `control.${OP}.close`,
    closeControl(ctx, store)
  )
  r.add("GET", "/_sandbox/v1/platforms", `control.${OP}.listPlatforms`, listAllControl(ctx, store))
}
