import type { ICustomerModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules, validateEmail } from "@medusajs/framework/utils"
import type { FastCheckoutPayer } from "tikkie-client/fast-checkout"

/**
 * The guest customer a Fast Checkout order belongs to: the one with the payer's e-mail, made when there
 * is none, as Medusa makes one for a guest checkout (`has_account: false`), so the order shows in Medusa's
 * order list and on the customer's page like any guest order.
 *
 * Never a registered account (`has_account: true`), even with the same e-mail: unlike Medusa's own
 * find-or-create (which takes a registered account for an e-mail), the payer typed that e-mail on
 * Tikkie's page, where nobody signed in, so an order is not put into someone's account on an e-mail
 * alone. A shopper signed in at the storefront already has the cart's customer, which the order keeps.
 * The customer module's unique (email, has_account) decides a race between two instances.
 */
export async function guestCustomerForPayer(container: MedusaContainer, payer: FastCheckoutPayer): Promise<string> {
  const customers = container.resolve<ICustomerModuleService>(Modules.CUSTOMER)
  // Medusa keeps customer e-mails in lower case (its validateEmail), so the lookup finds what it made.
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
