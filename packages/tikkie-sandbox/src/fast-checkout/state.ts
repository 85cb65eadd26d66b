import { randomBytes, randomUUID } from "node:crypto"
import type { FastCheckoutItem, FastCheckoutStatus } from "tikkie-client/fast-checkout/schemas"
import type { SandboxPayer } from "./payer"
import { MerchantRateWindow } from "./rate-window"

/** A merchant created through `POST .../merchant`, tied to the API key that created it. */
export interface SandboxMerchant {
  merchantToken: string
  apiKey: string
  getOrderWindow: MerchantRateWindow
}

export interface StoredOrder {
  orderToken: string
  merchantToken: string
  referenceId: string
  shippingCostsInCents: number
  discountInCents?: number
  currency: string
  items: FastCheckoutItem[]
  addressRequired?: boolean
  redirectUrl: string
  notificationUrl?: string
  expiration: number
  createdAt: number
  expiresAt: number
  updatedAt: number
  status: FastCheckoutStatus
  payer?: SandboxPayer
  /**
   * The GET order answer, serialised once per state change: GET order is the hot path (thousands a
   * second in benchmarks) and the order only changes on a transition.
   */
  json: string
}

/** The order as GET order answers it (Fast Checkout specification, "Order (read)"). */
export function orderView(o: StoredOrder): Record<string, unknown> {
  const view: Record<string, unknown> = {
    orderToken: o.orderToken,
    referenceId: o.referenceId,
    shippingCostsInCents: o.shippingCostsInCents,
  }
  if (o.discountInCents !== undefined) view.discountInCents = o.discountInCents
  view.currency = o.currency
  view.items = o.items.map((i) => ({ itemName: i.itemName, priceInCents: i.priceInCents, quantity: i.quantity }))
  view.status = o.status
  if (o.payer) {
    const p = o.payer
    const payer: Record<string, unknown> = {}
    if (p.companyName) payer.companyName = p.companyName
    payer.firstName = p.firstName
    payer.lastName = p.lastName
    payer.email = p.email
    if (p.phoneNumber) payer.phoneNumber = p.phoneNumber
    payer.shippingAddress = {
      street: p.shippingAddress.street,
      houseNumber: p.shippingAddress.houseNumber,
      // "optional string, may be null": the sandbox sends null, the variant a reader must handle.
      addition: p.shippingAddress.addition ?? null,
      postalCode: p.shippingAddress.postalCode,
      city: p.shippingAddress.city,
      country: p.shippingAddress.country,
    }
    view.payer = payer
  }
  return view
}

export type NewOrder = Omit<StoredOrder, "orderToken" | "createdAt" | "expiresAt" | "updatedAt" | "status" | "json">

/** Merchants and orders of one sandbox; cleared on `POST /_sandbox/reset`. */
export class FastCheckoutState {
  readonly merchants = new Map<string, SandboxMerchant>()
  readonly orders = new Map<string, StoredOrder>()
  /** Orders still NEW: the expiry sweep visits only these. */
  readonly open = new Set<StoredOrder>()

  createMerchant(apiKey: string): SandboxMerchant {
    const merchant = { merchantToken: randomUUID(), apiKey, getOrderWindow: new MerchantRateWindow() }
    this.merchants.set(merchant.merchantToken, merchant)
    return merchant
  }

  createOrder(input: NewOrder, now: number): StoredOrder {
    const order: StoredOrder = {
      ...input,
      orderToken: randomBytes(16).toString("hex"),
      createdAt: now,
      expiresAt: now + input.expiration * 1000,
      updatedAt: now,
      status: "NEW",
      json: "",
    }
    order.json = JSON.stringify(orderView(order))
    this.orders.set(order.orderToken, order)
    this.open.add(order)
    return order
  }

  reset(): void {
    this.merchants.clear()
    this.orders.clear()
    this.open.clear()
  }

  /** For the state file: merchants and orders as plain data (the rate windows start afresh). */
  snapshot(): unknown {
    return {
      merchants: [...this.merchants.values()].map((m) => ({ merchantToken: m.merchantToken, apiKey: m.apiKey })),
      orders: [...this.orders.values()].map(({ json: _json, ...o }) => o),
    }
  }

  restore(data: unknown): void {
    const d = data as {
      merchants: Array<Omit<SandboxMerchant, "getOrderWindow">>
      orders: Array<Omit<StoredOrder, "json">>
    }
    this.reset()
    for (const m of d.merchants) this.merchants.set(m.merchantToken, { ...m, getOrderWindow: new MerchantRateWindow() })
    for (const o of d.orders) {
      const order: StoredOrder = { ...o, json: "" }
      order.json = JSON.stringify(orderView(order))
      this.orders.set(order.orderToken, order)
      if (order.status === "NEW") this.open.add(order)
    }
  }
}
