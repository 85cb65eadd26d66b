import { amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import {
  characterLength,
  DESCRIPTION_MAX_LENGTH,
  PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS,
  REFERENCE_ID_PATTERN,
} from "tikkie-client/payment-requests/v2/rules"
import { eurosToCents } from "./money"

/** The link forms' checks before sending, by Tikkie's rules: per field, the text key of what is wrong. */
export type LinkFormField = "amount" | "description" | "reference" | "expiry" | "payerEmail"
export type LinkFormProblem =
  | "amountInvalid"
  | "amountMin"
  | "amountMax"
  | "descriptionRequired"
  | "descriptionTooLong"
  | "referenceInvalid"
  | "expiryInvalid"
  | "expiryPast"
  | "payerEmailInvalid"

export const LINK_AMOUNT_MIN_CENTS = 1
export const LINK_AMOUNT_MAX_CENTS = PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS

export interface LinkFormInput {
  amount: string
  description: string
  reference?: string
  expiry?: string
  payerEmail?: string
  /** The invoice form needs a description; the order form makes one from the order. */
  descriptionRequired: boolean
}

export function checkLinkForm(
  input: LinkFormInput,
  locale: string,
  now = Date.now()
): { cents?: number; problems: Partial<Record<LinkFormField, LinkFormProblem>> } {
  const problems: Partial<Record<LinkFormField, LinkFormProblem>> = {}
  const cents = eurosToCents(input.amount, locale)
  if (cents !== undefined) {
    if (Number.isNaN(cents)) problems.amount = "amountInvalid"
    else if (cents < LINK_AMOUNT_MIN_CENTS) problems.amount = "amountMin"
    else if (cents > LINK_AMOUNT_MAX_CENTS) problems.amount = "amountMax"
  }
  const description = input.description.trim()
  if (!description && input.descriptionRequired) problems.description = "descriptionRequired"
  else if (characterLength(description) > DESCRIPTION_MAX_LENGTH) problems.description = "descriptionTooLong"
  const reference = input.reference?.trim() ?? ""
  if (reference && !REFERENCE_ID_PATTERN.test(reference)) problems.reference = "referenceInvalid"
  const expiry = input.expiry ?? ""
  // Tikkie's expiry is a day in Amsterdam: today there is the earliest.
  if (expiry && !/^\d{4}-\d{2}-\d{2}$/.test(expiry)) problems.expiry = "expiryInvalid"
  else if (expiry && expiry < amsterdamDate(now)) problems.expiry = "expiryPast"
  const email = input.payerEmail?.trim() ?? ""
  if (email && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)))
    problems.payerEmail = "payerEmailInvalid"
  return { ...(cents !== undefined && !Number.isNaN(cents) ? { cents } : {}), problems }
}

/** Which field a refusal of the store's validation is about (its messages name the API's fields). */
export function fieldOfStoreMessage(message: string): LinkFormField | undefined {
  if (/\bamount_in_cents\b/.test(message)) return "amount"
  if (/\bdescription\b/.test(message)) return "description"
  if (/\breference_id\b/.test(message)) return "reference"
  if (/\bexpiry_?date\b/i.test(message)) return "expiry"
  if (/\bpayer_email\b/.test(message)) return "payerEmail"
  return undefined
}

/**
 * How much of Tikkie's 35 characters a description uses, counted as the payer sees them ("€" is one),
 * for the count under the field: the input stops at the limit, and the count says why.
 */
export function descriptionCount(text: string): { used: number; max: number; full: boolean } {
  // As typed, spaces included: the field's limit counts them (the store trims the ends when it sends).
  const used = characterLength(text)
  return { used, max: DESCRIPTION_MAX_LENGTH, full: used >= DESCRIPTION_MAX_LENGTH }
}
