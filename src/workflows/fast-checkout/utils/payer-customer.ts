import type { ICustomerModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules, validateEmail } from "@medusajs/framework/utils"
import type { FastCheckoutPayer } from "tikkie-client/fast-checkout"

/**
 * The payer's guest customer (`has_account: false`), made as Medusa does for a guest checkout. Never a
 * registered account: the e-mail was typed on Tikkie's page, where nobody signed in. The unique
 * (email, has_account) decides a race.
 */
export async function guestCustomerForPayer(container: MedusaContainer, payer: FastCheckoutPayer): Promise<string> {
  const customers = container.resolve<ICustomerModuleService>(Modules.CUSTOMER)
  // Medusa keeps e-mails in lower case, so the lookup finds what it made.
  const email = validateEmail(payer.email)
  const find = async () =>
    (await customers.listCustomers({ email, has_account: false }, { select: ["id"], take: 1 }))[0]?.id
  const found = await find()
  if (found) return found
  try {
    const created = await customers.createCustomers({
      email,
      first_name: payer.firstName,
      last_name: payer.lastName,
      phone: payer.phoneNumber ?? null,
      company_name: payer.companyName ?? null,
      has_account: false,
    })
    return created.id
  } catch (e) {
    const raced = await find()
    if (raced) return raced
    throw e
  }
}
