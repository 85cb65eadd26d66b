"use server"

import { sdk } from "@lib/config"
import medusaError from "@lib/util/medusa-error"
import type { HttpTypes } from "@medusajs/types"
import { revalidatePath } from "next/cache"
import { getAuthHeaders, getCartId } from "./cookies"

// The parts of the starter's src/lib/data/cart.ts the checkout uses.

export async function retrieveCart(cartId?: string) {
  const id = cartId || (await getCartId())
  if (!id) return null
  return sdk.client
    .fetch<HttpTypes.StoreCartResponse>(`/store/carts/${id}`, {
      method: "GET",
      query: { fields: "*items, *region, *items.product, *items.variant, +completed_at, *shipping_methods, *payment_collection.payment_sessions" },
      headers: { ...(await getAuthHeaders()) },
      cache: "no-store",
    })
    .then(({ cart }) => cart)
    .catch(() => null)
}

export async function listCartPaymentMethods(regionId: string) {
  return sdk.client
    .fetch<HttpTypes.StorePaymentProviderListResponse>(`/store/payment-providers`, {
      method: "GET",
      query: { region_id: regionId },
      cache: "no-store",
    })
    .then(({ payment_providers }) => payment_providers.sort((a, b) => (a.id > b.id ? 1 : -1)))
    .catch(() => null)
}

export async function initiatePaymentSession(cart: HttpTypes.StoreCart, data: HttpTypes.StoreInitializePaymentSession) {
  return sdk.store.payment
    .initiatePaymentSession(cart, data, {}, { ...(await getAuthHeaders()) })
    .then((resp) => {
      revalidatePath("/", "layout")
      return resp
    })
    .catch(medusaError)
}
