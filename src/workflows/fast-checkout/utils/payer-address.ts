import type { FastCheckoutPayer } from "tikkie-client/fast-checkout"

/**
 * The payer's shipping address as a Medusa address. House number and addition stay apart as the payer
 * gave them: street and number in address_1 ("Damrak 1"), the addition in address_2 ("A", "2 hoog"),
 * and all three separately in the address metadata for labels and carriers that want them split.
 */
export function orderAddressFromPayer(payer: FastCheckoutPayer) {
  const a = payer.shippingAddress
  return {
    first_name: payer.firstName,
    last_name: payer.lastName,
    company: payer.companyName ?? null,
    phone: payer.phoneNumber ?? null,
    address_1: `${a.street} ${a.houseNumber}`.trim(),
    address_2: a.addition ?? null,
    postal_code: a.postalCode,
    city: a.city,
    country_code: a.country.toLowerCase(),
    metadata: { street: a.street, house_number: a.houseNumber, house_number_addition: a.addition ?? null },
  }
}
