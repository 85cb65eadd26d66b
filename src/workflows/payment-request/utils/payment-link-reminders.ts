import type { INotificationModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import type { ResolvedPaymentRequestProviderOptions } from "../../../providers/payment-request/options"
import { errorMessage } from "../../../utils/error-message"
import { underLockOrBusy } from "../../../utils/lock-timeout"
import { ibanRequestLanguage } from "../../refunds-owed/utils/iban-request-message"
import { settlePaymentRequest } from "../settle-payment-request"
import { paymentRequestProviders } from "./payment-request-providers"
import { recordPayments } from "./record-payment-request"
import { reminderMessage, type ReminderLanguage } from "./reminder-message"
import { storeNameFor } from "./store-name"

const DAY_MS = 86_400_000
const FRESH_READ_MS = 60_000
export const MAX_REMINDER_ATTEMPTS = 3
const REMINDER_BATCH = 100

export type ReminderOutcome =
  | { token: string; outcome: "sent"; number: number; notificationId: string }
  | { token: string; outcome: "skipped"; reason: string }
  | { token: string; outcome: "failed"; reason: string }

type PaymentRequestRecord = Awaited<ReturnType<TikkieModuleService["listPaymentRequests"]>>[number]

/** Null: it can (the payer's e-mail aside). */
export function notRemindable(record: PaymentRequestRecord, today: string): string | null {
  if (record.kind === "checkout") return "a checkout link's shopper is at the checkout"
  if (record.reminders_off) return "switched off"
  if (record.medusa_payment_id || recordPayments(record).length) return "paid"
  if (record.cancelled_at) return "cancelled"
  if (record.status !== "OPEN") return record.status.toLowerCase()
  if (record.expiry_date < today) return "expired"
  return null
}

type ReminderPayer = { email: string | null; language: ReminderLanguage; displayId: number | null }

export async function reminderPayerOf(
  container: MedusaContainer,
  record: PaymentRequestRecord
): Promise<ReminderPayer> {
  if (record.kind !== "invoice") return reminderPayer(container, record.order_id)
  return { email: record.payer_email ?? null, language: record.payer_language ?? "nl", displayId: null }
}

export async function reminderPayer(container: MedusaContainer, orderId: string | null): Promise<ReminderPayer> {
  if (!orderId) return { email: null, language: "en", displayId: null }
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "display_id", "email", "locale", "shipping_address.country_code"],
    filters: { id: orderId },
  })
  const order = data[0] as
    | {
        display_id?: number
        email?: string | null
        locale?: string | null
        shipping_address?: { country_code?: string | null } | null
      }
    | undefined
  return {
    email: order?.email || null,
    language: ibanRequestLanguage(order ?? null),
    displayId: order?.display_id ?? null,
  }
}

/**
 * Safe on any number of workers: Tikkie is read first (a link paid since the last poll is settled, not
 * reminded), the reminder is claimed under the link's lock as a `sending` outbox row, and the
 * notification module sends it with the row's id as idempotency key, so none is lost or sent twice.
 */
export async function sendPaymentLinkReminders(
  container: MedusaContainer,
  opts: { now?: Date } = {}
): Promise<ReminderOutcome[]> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const now = opts.now ?? new Date()
  const outcomes: ReminderOutcome[] = []
  for (const { providerId, options } of await paymentRequestProviders(container)) {
    if (!options.reminderAfterDays) continue
    const tokens = await tikkie.listRemindablePaymentRequestTokens({
      providerId,
      afterDays: options.reminderAfterDays,
      max: options.maxReminders,
      expiryDateFrom: amsterdamDate(now.getTime()),
      now,
      limit: REMINDER_BATCH,
    })
    // One after the other: each may read Tikkie within the store's read budget.
    for (const token of tokens) outcomes.push(await remindLink(container, token, options, now))
  }
  return outcomes
}

async function remindLink(
  container: MedusaContainer,
  token: string,
  options: ResolvedPaymentRequestProviderOptions,
  now: Date
): Promise<ReminderOutcome> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [before] = await tikkie.listPaymentRequests({ payment_request_token: token })
  if (!before) return { token, outcome: "skipped", reason: "not found" }
  if (!before.last_checked_at || now.getTime() - new Date(before.last_checked_at).getTime() > FRESH_READ_MS) {
    const result = await settlePaymentRequest(container, { paymentRequestToken: token, source: "poll" })
    if (result.outcome === "retry") return { token, outcome: "skipped", reason: `not read: ${result.reason}` }
  }
  return underLockOrBusy(
    container,
    `tikkie:payment-request:${token}`,
    () => remindLocked(container, token, options, now),
    (reason) => ({ token, outcome: "skipped", reason: `being settled elsewhere (${reason})` }),
    30
  )
}

async function remindLocked(
  container: MedusaContainer,
  token: string,
  options: ResolvedPaymentRequestProviderOptions,
  now: Date
): Promise<ReminderOutcome> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const [record] = await tikkie.listPaymentRequests({ payment_request_token: token })
  if (!record) return { token, outcome: "skipped", reason: "not found" }
  const reminders = await tikkie.listPaymentRequestReminders({ payment_request_id: record.id })
  const counted = reminders.filter((r) => r.state !== "dropped")
  let claimed = reminders.find((r) => r.state === "sending")
  const why = notRemindable(record, amsterdamDate(now.getTime()))
  if (why) {
    // A claim left by a dead sender is dropped once the link is paid, closed or switched off.
    if (claimed) await tikkie.updatePaymentRequestReminders({ id: claimed.id, state: "dropped", error: why })
    return { token, outcome: "skipped", reason: why }
  }
  const payer = await reminderPayerOf(container, record)
  if (!payer.email) {
    const reason = record.kind === "invoice" ? "the link has no payer e-mail" : "the order has no e-mail"
    return { token, outcome: "skipped", reason }
  }
  if (!claimed) {
    // Decided again under the lock: another worker may have sent one since.
    const last = Math.max(
      new Date(record.created_at).getTime(),
      ...counted.map((r) => new Date(r.claimed_at).getTime())
    )
    if (counted.length >= options.maxReminders) return { token, outcome: "skipped", reason: "limit reached" }
    if (now.getTime() - last < options.reminderAfterDays * DAY_MS)
      return { token, outcome: "skipped", reason: "not due" }
    try {
      claimed = await tikkie.createPaymentRequestReminders({
        payment_request_id: record.id,
        number: Math.max(0, ...reminders.map((r) => r.number)) + 1,
        language: payer.language,
        claimed_at: now,
      })
    } catch (e) {
      // The unique index has the last word, should a lock's lease have lapsed.
      if (MedusaError.isMedusaError(e) && /already exists\.$/.test(e.message))
        return { token, outcome: "skipped", reason: "claimed elsewhere" }
      throw e
    }
  }

  const language = claimed.language as ReminderLanguage
  const amountInCents = record.amount_in_cents === null ? null : Number(record.amount_in_cents)
  const message = reminderMessage({
    language,
    orderDisplayId: payer.displayId,
    amountInCents,
    currencyCode: record.currency_code,
    url: record.url,
    expiryDate: record.expiry_date,
    storeName: await storeNameFor(container, options.storeName),
    invoice: record.kind === "invoice" ? record.description : null,
  })
  const notifications = container.resolve<INotificationModuleService>(Modules.NOTIFICATION)
  try {
    await notifications.createNotifications([
      {
        to: payer.email,
        channel: "email",
        template: options.reminderTemplate,
        trigger_type: "tikkie.payment_link.reminder",
        resource_id: record.order_id ?? record.id,
        resource_type: record.order_id ? "order" : "tikkie_payment_request",
        idempotency_key: claimed.id,
        data: {
          ...message,
          language,
          reminder_number: claimed.number,
          order_id: record.order_id,
          order_display_id: payer.displayId,
          url: record.url,
          amount_in_cents: amountInCents,
          description: record.description,
          expiry_date: record.expiry_date,
        },
      },
    ])
  } catch (e) {
    const attempts = claimed.attempts + 1
    const reason = errorMessage(e).slice(0, 300)
    await tikkie.updatePaymentRequestReminders({
      id: claimed.id,
      attempts,
      error: reason,
      state: attempts >= MAX_REMINDER_ATTEMPTS ? "failed" : "sending",
    })
    logger.warn(`Tikkie payment link ${token}: reminder ${claimed.number} not sent (attempt ${attempts}): ${reason}`)
    return { token, outcome: "failed", reason }
  }
  // Sent now, or by a run that died before marking it: the module's row says which.
  const [sent] = await notifications.listNotifications({ idempotency_key: claimed.id } as never, { take: 1 })
  await tikkie.updatePaymentRequestReminders({
    id: claimed.id,
    state: "sent",
    attempts: claimed.attempts + 1,
    error: null,
    notification_id: sent?.id ?? null,
    sent_at: new Date(),
  })
  return { token, outcome: "sent", number: claimed.number, notificationId: sent?.id ?? "" }
}

export async function reminderView(container: MedusaContainer, record: PaymentRequestRecord) {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const options = (await paymentRequestProviders(container)).find((p) => p.providerId === record.provider_id)?.options
  const reminders = await tikkie.listPaymentRequestReminders(
    { payment_request_id: record.id },
    { order: { number: "ASC" } }
  )
  const payer = await reminderPayerOf(container, record)
  const afterDays = options?.reminderAfterDays ?? 0
  const blocked = !afterDays
    ? "not_configured"
    : record.kind === "checkout" || !payer.email
      ? "no_email"
      : record.reminders_off
        ? "switched_off"
        : notRemindable(record, amsterdamDate(Date.now()))
          ? "closed"
          : reminders.filter((r) => r.state !== "dropped").length >= (options?.maxReminders ?? 1)
            ? "limit_reached"
            : null
  return {
    enabled: !record.reminders_off,
    blocked,
    after_days: afterDays,
    max: options?.maxReminders ?? 1,
    language: payer.language,
    reminders: reminders.map((r) => ({
      number: r.number,
      state: r.state,
      language: r.language,
      claimed_at: r.claimed_at,
      sent_at: r.sent_at,
      error: r.error,
    })),
  }
}
