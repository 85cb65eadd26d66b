import type { IStoreModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { canSendEmail } from "./email-notifications"
import { ibanRequestLanguage, ibanRequestMessage, type IbanRequestLanguage } from "./iban-request-message"
import type { RefundOwedSource } from "./record-refund-owed"
import { codedAdminRefusal } from "../../../utils/admin-error"

/** The prepared e-mail asking a payer for their IBAN, as the admin sees it before sending. */
export interface IbanRequest {
  refund_owed_id: string
  /** The payer's e-mail as Tikkie gave it; null when Tikkie gave none (then only the mail program). */
  to: string | null
  language: IbanRequestLanguage
  subject: string
  text: string
  /** The store has an e-mail provider in Medusa's notification module (else: the admin's mail program). */
  can_send: boolean
}

/**
 * Prepares the IBAN request for a refund owed: the payer's e-mail, the order's number, the store's name
 * and the language (the admin's choice, else the order's: ibanRequestLanguage). Refuses a refund owed
 * already refunded, since nothing is left to ask for.
 */
export async function prepareIbanRequest(
  container: MedusaContainer,
  id: string,
  language?: IbanRequestLanguage
): Promise<IbanRequest> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [owed] = await tikkie.listRefundOweds({ id })
  if (!owed) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund owed ${id} was not found.`)
  if (owed.status === "refunded") {
    throw codedAdminRefusal(
      "tikkie_refund_owed_refunded",
      `Refund owed ${id} is already refunded: there is nothing to ask the payer for.`
    )
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const order = owed.order_id
    ? ((
        await query.graph({
          entity: "order",
          fields: ["id", "display_id", "locale", "shipping_address.country_code"],
          filters: { id: owed.order_id },
        })
      ).data[0] as
        | { display_id?: number; locale?: string | null; shipping_address?: { country_code?: string | null } | null }
        | undefined)
    : undefined
  const [store] = await container
    .resolve<IStoreModuleService>(Modules.STORE)
    .listStores({}, { select: ["name"], take: 1 })
  const chosen = language ?? ibanRequestLanguage(order ?? null)
  const account = (owed.payer_account ?? {}) as { email?: string }
  const message = ibanRequestMessage({
    language: chosen,
    payerName: owed.payer_name,
    orderDisplayId: order?.display_id ?? null,
    amountInCents: Number(owed.amount_in_cents),
    currencyCode: owed.currency_code,
    source: owed.source as RefundOwedSource,
    storeName: store?.name ?? "",
  })
  return {
    refund_owed_id: owed.id,
    to: account.email ?? null,
    language: chosen,
    ...message,
    can_send: canSendEmail(container),
  }
}
