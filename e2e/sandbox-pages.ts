/**
 * The Tikkie sandbox's hosted pages as a payer uses them, in a browser test: the Fast Checkout page behind
 * `checkoutUrl` and a payment request's page behind its `url`.
 */
import assert from "node:assert/strict"
import type { Page } from "playwright-core"

/** The payer typed into the sandbox's checkout page; its address differs from anything the shopper typed. */
export const TIKKIE_PAYER = {
  firstName: "Jan",
  lastName: "Jansen",
  email: "jan.jansen@example.nl",
  phoneNumber: "+31612345678",
  companyName: "",
  street: "Damrak",
  houseNumber: "12",
  addition: "B",
  postalCode: "1012 LG",
  city: "Amsterdam",
  country: "NL",
}

/**
 * On the Tikkie sandbox's checkout page (the page behind checkoutUrl): fill in the payer and press Pay.
 * The page's contract: a form `#payer-form` with inputs named firstName, lastName, email, phoneNumber,
 * companyName, street, houseNumber, addition, postalCode, city and a select `country`, and `#pay-button`.
 */
export async function payWithTikkie(page: Page, payer: Partial<typeof TIKKIE_PAYER> = {}): Promise<void> {
  const values = { ...TIKKIE_PAYER, ...payer }
  const form = page.locator("#payer-form")
  await form.waitFor()
  for (const [name, value] of Object.entries(values)) {
    if (name === "country") await form.locator(`select[name=country]`).selectOption(value)
    else await form.locator(`[name=${name}]`).fill(value)
  }
  await page.locator("#pay-button").click()
}

/**
 * On the Tikkie sandbox's payment page of a payment request (the page behind a link's url): the payer's
 * name, for an open amount the amount in euro ("12,50"), and Pay; waits for the paid confirmation.
 * The page's contract: input#counterPartyName, input#amount (open amounts only), button#pay-button,
 * #amount-due (fixed amounts) and #payment-confirmation after paying.
 */
export async function payTikkieLink(page: Page, payer: { name: string; amount?: string }): Promise<void> {
  await page.locator("#counterPartyName").fill(payer.name)
  if (await page.locator("input#amount").count()) {
    assert.ok(payer.amount, "this Tikkie link has an open amount: the payer must enter one")
    await page.locator("input#amount").fill(payer.amount)
  }
  await page.locator("#pay-button").click()
  await page.locator("#payment-confirmation").waitFor()
}

/** On the sandbox's checkout page: press Cancel. */
export async function cancelAtTikkie(page: Page): Promise<void> {
  await page.locator("#cancel-button").click()
}
