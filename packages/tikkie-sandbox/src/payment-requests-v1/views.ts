import { paidPayments, paymentRequestStatus } from "./status"
import type { V1Payment, V1PaymentRequest, V1Platform, V1User } from "./state"

/**
 * JSON of the v1 resources as the payment request specification's tables show them: amounts as strings of digits, dates as
 * ISO-8601, absent optional values as null (one sample shows `expired: null`, so the service writes nulls).
 */
export function platformView(p: V1Platform) {
  return {
    name: p.name,
    platformToken: p.platformToken,
    phoneNumber: p.phoneNumber,
    email: p.email,
    notificationUrl: p.notificationUrl,
    status: p.status,
    platformUsage: p.platformUsage,
  }
}

export function userView(u: V1User) {
  return {
    userToken: u.userToken,
    name: u.name,
    status: u.status,
    bankAccounts: u.bankAccounts.map((b) => ({
      bankAccountToken: b.bankAccountToken,
      iban: b.iban,
      bankAccountLabel: b.bankAccountLabel,
    })),
  }
}

export function paymentView(p: V1Payment) {
  return {
    payId: p.payId,
    paymentToken: p.paymentToken,
    counterPartyName: p.counterPartyName,
    amountInCents: String(p.amountInCents),
    amountCurrency: p.amountCurrency,
    description: p.description,
    created: new Date(p.createdAt).toISOString(),
    onlinePaymentStatus: p.onlinePaymentStatus,
  }
}

/**
 * Choices: `expired` always carries the moment the request expires (created + 14 days), the meaning
 * The payment request specification's table gives it; `amountInCents` is null for an open amount; `bankAccountYieldedTooFast` is
 * always false (the sandbox has no daily yield limit per bank account). Only PAID payments are listed
 * (payment request specification, rule 4).
 */
export function paymentRequestView(pr: V1PaymentRequest, now: number) {
  return {
    paymentRequestToken: pr.paymentRequestToken,
    amountInCents: pr.amountInCents === null ? null : String(pr.amountInCents),
    currency: pr.currency,
    description: pr.description,
    created: new Date(pr.createdAt).toISOString(),
    expired: new Date(pr.expiresAt).toISOString(),
    status: paymentRequestStatus(pr, now),
    bankAccountYieldedTooFast: false,
    externalId: pr.externalId,
    payments: paidPayments(pr).map(paymentView),
  }
}
