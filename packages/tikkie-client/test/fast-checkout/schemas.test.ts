import {
  amountToPayInCents,
  type CentsOrder,
  CreateOrderBodySchema,
  describeFastCheckoutFailure,
  FastCheckoutOrderSchema,
  FastCheckoutWebhookSchema,
  isFinalFastCheckoutStatus,
  itemsTotalInCents,
  MAX_ITEMS_TOTAL_IN_CENTS,
  orderTotalInCents,
} from "../../src"
import { orderBody } from "./helpers"

const readOrder = {
  orderToken: "a1b2c3",
  referenceId: "order-7",
  shippingCostsInCents: 495,
  currency: "EUR",
  items: [{ itemName: "Kaas", priceInCents: 1250, quantity: 2 }],
  status: "NEW",
}

const paidPayer = {
  firstName: "Jan",
  lastName: "Jansen",
  email: "jan@example.nl",
  shippingAddress: {
    street: "Damrak",
    houseNumber: "12",
    addition: null,
    postalCode: "1012 LG",
    city: "Amsterdam",
    country: "NL",
  },
}

describe("Fast Checkout schemas: the order as read is parsed tolerantly", () => {
  it("turns amounts and quantities sent as numeric strings into integers", () => {
    const order = FastCheckoutOrderSchema.parse({
      ...readOrder,
      shippingCostsInCents: "495",
      discountInCents: " 100 ",
      items: [{ itemName: "Kaas", priceInCents: "1250", quantity: "2" }],
    })
    expect(order.shippingCostsInCents).toBe(495)
    expect(order.discountInCents).toBe(100)
    expect(order.items).toEqual([{ itemName: "Kaas", priceInCents: 1250, quantity: 2 }])
  })

  it("refuses amounts that are not whole cents, whether number or string", () => {
    expect(FastCheckoutOrderSchema.safeParse({ ...readOrder, shippingCostsInCents: "4.95" }).success).toBe(false)
    expect(FastCheckoutOrderSchema.safeParse({ ...readOrder, shippingCostsInCents: 4.95 }).success).toBe(false)
    expect(FastCheckoutOrderSchema.safeParse({ ...readOrder, shippingCostsInCents: "" }).success).toBe(false)
    expect(FastCheckoutOrderSchema.safeParse({ ...readOrder, shippingCostsInCents: "abc" }).success).toBe(false)
  })

  it("reads a missing, null or empty payer of an unpaid order as no payer", () => {
    expect(FastCheckoutOrderSchema.parse(readOrder).payer).toBeUndefined()
    expect(FastCheckoutOrderSchema.parse({ ...readOrder, payer: null }).payer).toBeUndefined()
    expect(FastCheckoutOrderSchema.parse({ ...readOrder, payer: {} }).payer).toBeUndefined()
    const placeholder = { firstName: null, lastName: "", email: null, shippingAddress: { street: null } }
    expect(FastCheckoutOrderSchema.parse({ ...readOrder, payer: placeholder }).payer).toBeUndefined()
  })

  it("reads a paid order's payer with addition null as no addition, and a numeric house number as text", () => {
    const order = FastCheckoutOrderSchema.parse({
      ...readOrder,
      status: "PAID",
      payer: { ...paidPayer, companyName: null, shippingAddress: { ...paidPayer.shippingAddress, houseNumber: 12 } },
    })
    expect(order.payer?.shippingAddress).toEqual({
      street: "Damrak",
      houseNumber: "12",
      addition: undefined,
      postalCode: "1012 LG",
      city: "Amsterdam",
      country: "NL",
    })
    expect(order.payer?.companyName).toBeUndefined()
  })

  it("refuses a payer with data but without a required field, rather than half-reading an address", () => {
    const { city: _city, ...noCity } = paidPayer.shippingAddress
    const r = FastCheckoutOrderSchema.safeParse({
      ...readOrder,
      status: "PAID",
      payer: { ...paidPayer, shippingAddress: noCity },
    })
    expect(r.success).toBe(false)
  })

  it("reads a null discount as none, ignores fields it does not know, refuses an unknown status", () => {
    const order = FastCheckoutOrderSchema.parse({ ...readOrder, discountInCents: null, createdDateTime: "2025-01-01" })
    expect(order.discountInCents).toBeUndefined()
    expect(order).not.toHaveProperty("createdDateTime")
    expect(FastCheckoutOrderSchema.safeParse({ ...readOrder, status: "SHIPPED" }).success).toBe(false)
  })
})

describe("Fast Checkout schemas: webhook body", () => {
  it("accepts {referenceId, orderToken, status} and ignores extra fields", () => {
    expect(FastCheckoutWebhookSchema.parse({ referenceId: "r", orderToken: "t", status: "PAID", extra: 1 })).toEqual({
      referenceId: "r",
      orderToken: "t",
      status: "PAID",
    })
  })

  it.each([
    [{ referenceId: "r", status: "PAID" }],
    [{ referenceId: "r", orderToken: "", status: "PAID" }],
    [{ referenceId: "r", orderToken: "t", status: "paid" }],
    [{ orderToken: "t", status: "PAID" }],
    ["PAID"],
  ])("refuses %j", (body) => {
    expect(FastCheckoutWebhookSchema.safeParse(body).success).toBe(false)
  })
})

describe("Fast Checkout schemas: order creation body", () => {
  const failure = (body: unknown) => {
    const r = CreateOrderBodySchema.safeParse(body)
    if (r.success) throw new Error("expected a refusal")
    return describeFastCheckoutFailure(r.error)
  }

  it("names the missing field in an ERR_1100_005 message, nested ones by path", () => {
    expect(failure({ ...orderBody(), redirectUrl: undefined })).toMatchObject({
      code: "ERR_1100_005",
      message: "redirectUrl is missing",
    })
    expect(failure({ ...orderBody(), items: [{ itemName: "x", quantity: 1 }] })).toMatchObject({
      code: "ERR_1100_005",
      message: "items.0.priceInCents is missing",
    })
  })

  it("reports an unknown field before a missing one, and a missing one before an invalid one", () => {
    expect(failure({ ...orderBody(), currency: "USD", referenceId: undefined, foo: 1 }).code).toBe("ERR_1100_008")
    expect(failure({ ...orderBody(), currency: "USD", referenceId: undefined }).code).toBe("ERR_1100_005")
  })

  it("counts the 50,000 euro maximum on items only, shipping on top is fine", () => {
    const atCap = orderBody({
      shippingCostsInCents: 99_999,
      items: [{ itemName: "x", priceInCents: MAX_ITEMS_TOTAL_IN_CENTS, quantity: 1 }],
    })
    expect(CreateOrderBodySchema.safeParse(atCap).success).toBe(true)
    const over = orderBody({ items: [{ itemName: "x", priceInCents: MAX_ITEMS_TOTAL_IN_CENTS + 1, quantity: 1 }] })
    expect(failure(over)).toMatchObject({ code: "ERR_1100_006", status: 400, category: "BAD_REQUEST" })
  })

  it("does not misjudge huge prices (no overflow past the cap)", () => {
    const huge = orderBody({ items: [{ itemName: "x", priceInCents: Number.MAX_SAFE_INTEGER, quantity: 1_000_000 }] })
    expect(failure(huge).code).toBe("ERR_1100_006")
  })

  it("compares the discount with items plus shipping", () => {
    const body = orderBody({
      shippingCostsInCents: 500,
      items: [{ itemName: "x", priceInCents: 1_000, quantity: 1 }],
    }) as CentsOrder
    expect(orderTotalInCents(body)).toBe(1_500)
    expect(CreateOrderBodySchema.safeParse({ ...body, discountInCents: 1_499 }).success).toBe(true)
    expect(failure({ ...body, discountInCents: 1_500 }).code).toBe("ERR_3100_005")
    expect(amountToPayInCents({ ...body, discountInCents: 1_499 })).toBe(1)
  })
})

describe("Fast Checkout money helpers and states", () => {
  it("adds priceInCents × quantity in integers", () => {
    expect(
      itemsTotalInCents([
        { priceInCents: 299, quantity: 3 },
        { priceInCents: 1, quantity: 7 },
      ])
    ).toBe(904)
    expect(itemsTotalInCents([])).toBe(0)
  })

  it("treats NEW as the only state that is not final", () => {
    expect(isFinalFastCheckoutStatus("NEW")).toBe(false)
    for (const s of ["PAID", "CANCELLED", "EXPIRED", "ERROR"] as const) expect(isFinalFastCheckoutStatus(s)).toBe(true)
  })
})
