import { MedusaError } from "@medusajs/framework/utils"

/** A refusal the admin words itself from `code` and `values` (cents); `message` is for API clients. */
export type TikkieAdminErrorCode =
  | "tikkie_order_canceled"
  | "tikkie_order_not_eur"
  | "tikkie_order_owes_nothing"
  | "tikkie_order_links_ask_all"
  | "tikkie_order_link_amount_too_high"
  | "tikkie_refund_owed_refunded"
  | "tikkie_no_email_provider"
  | "tikkie_payer_without_email"
  | "tikkie_refund_owed_not_at_tikkie"

export type TikkieAdminErrorValues = Record<string, string | number>

export interface TikkieAdminErrorBody {
  type: string
  code: TikkieAdminErrorCode
  message: string
  values: TikkieAdminErrorValues
}

export class TikkieAdminError extends MedusaError {
  readonly values: TikkieAdminErrorValues

  constructor(type: string, code: TikkieAdminErrorCode, message: string, values: TikkieAdminErrorValues) {
    super(type, message, code)
    this.values = values
  }
}

const STATUS: Record<string, number> = {
  [MedusaError.Types.NOT_ALLOWED]: 400,
  [MedusaError.Types.INVALID_DATA]: 400,
  [MedusaError.Types.NOT_FOUND]: 404,
}

/**
 * A refusal without amounts: Medusa's own error handler answers its `code`, which the admin words.
 */
export function codedAdminRefusal(code: TikkieAdminErrorCode, message: string): MedusaError {
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, message, code)
}

/** Also after a workflow run, which hands the error on as a plain object. */
export function tikkieAdminErrorAnswer(e: unknown): { status: number; body: TikkieAdminErrorBody } | undefined {
  const error = e as Partial<TikkieAdminErrorBody> | null
  if (!error || typeof error.code !== "string" || !error.code.startsWith("tikkie_")) return undefined
  if (typeof error.values !== "object" || error.values === null || typeof error.message !== "string") return undefined
  const status = STATUS[String(error.type)]
  if (!status) return undefined
  return {
    status,
    body: { type: String(error.type), code: error.code, message: error.message, values: error.values },
  }
}
