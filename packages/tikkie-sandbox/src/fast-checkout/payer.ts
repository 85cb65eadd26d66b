import { z } from "zod"

/**
 * The payer a checkout collects (Fast Checkout specification, "Payer" and "Shipping address"). The sandbox fills it from
 * the checkout page's form or from the pay control's JSON; both go through `PayerInputSchema`.
 */

/** Countries the checkout page offers (ISO 3166-1 alpha-2); the pay control accepts any such code. */
export const CHECKOUT_COUNTRIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: "NL", name: "Netherlands" },
  { code: "BE", name: "Belgium" },
  { code: "DE", name: "Germany" },
  { code: "LU", name: "Luxembourg" },
  { code: "FR", name: "France" },
  { code: "AT", name: "Austria" },
  { code: "IE", name: "Ireland" },
]

const required = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} may have at most ${max} characters`)

/** Optional text: "", null and missing all mean "not given". */
const optional = (label: string, max = 100) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} may have at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined))

export const ShippingAddressInputSchema = z.strictObject({
  street: required("street"),
  houseNumber: required("house number", 10),
  addition: optional("addition", 10),
  postalCode: required("postal code", 10),
  city: required("city"),
  country: z
    .string({ error: "country is required" })
    .regex(/^[A-Z]{2}$/, "country must be an ISO 3166 code such as NL"),
})

export const PayerInputSchema = z.strictObject({
  companyName: optional("company name"),
  firstName: required("first name"),
  lastName: required("last name"),
  email: z
    .string({ error: "email is required" })
    .trim()
    .min(1, "email is required")
    .pipe(z.email("email must be a valid email address")),
  phoneNumber: optional("phone number", 20).refine(
    (v) => v === undefined || /^\+?[0-9][0-9 -]{5,18}$/.test(v),
    "phone number may contain digits, spaces, - and a leading + only"
  ),
  shippingAddress: ShippingAddressInputSchema,
})

export type SandboxPayer = z.output<typeof PayerInputSchema>

/**
 * The pay control's payer when a test gives none: Dutch, with a house number and a separate addition,
 * so a shop's address handling (keeping number and addition apart) is exercised by default.
 */
export const DEFAULT_SANDBOX_PAYER: SandboxPayer = {
  companyName: undefined,
  firstName: "Jan",
  lastName: "Jansen",
  email: "jan.jansen@example.nl",
  phoneNumber: "+31612345678",
  shippingAddress: {
    street: "Damrak",
    houseNumber: "12",
    addition: "B",
    postalCode: "1012 LG",
    city: "Amsterdam",
    country: "NL",
  },
}

/** Names of the checkout form's fields; also their `id`s, so a browser test can fill them. */
export const PAYER_FORM_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "companyName",
  "street",
  "houseNumber",
  "addition",
  "postalCode",
  "city",
  "country",
] as const

export type PayerFormValues = Partial<Record<(typeof PAYER_FORM_FIELDS)[number], string>>

/** Reads the posted form (strings only; anything else is dropped). */
export function readPayerForm(body: unknown): PayerFormValues {
  const src = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  const out: PayerFormValues = {}
  for (const f of PAYER_FORM_FIELDS) if (typeof src[f] === "string") out[f] = src[f] as string
  return out
}

/** Validates the page's form: a payer, or every problem in words a customer understands. */
export function payerFromForm(values: PayerFormValues): { payer: SandboxPayer } | { problems: string[] } {
  const parsed = PayerInputSchema.safeParse({
    companyName: values.companyName,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phoneNumber: values.phoneNumber,
    shippingAddress: {
      street: values.street,
      houseNumber: values.houseNumber,
      addition: values.addition,
      postalCode: values.postalCode,
      city: values.city,
      country: values.country,
    },
  })
  const problems = parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.message))]
  if (parsed.success && !CHECKOUT_COUNTRIES.some((c) => c.code === parsed.data.shippingAddress.country)) {
    problems.push("choose a country from the list")
  }
  return parsed.success && problems.length === 0 ? { payer: parsed.data } : { problems }
}
