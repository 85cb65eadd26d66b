"use server"

import { sdk } from "@lib/config"
import type { HttpTypes } from "@medusajs/types"
import { getAuthHeaders } from "./cookies"

export const retrieveOrder = async (id: string) =>
  sdk.client
    .fetch<HttpTypes.StoreOrderResponse>(`/store/orders/${id}`, {
      method: "GET",
      query: { fields: "*items" },
      headers: { ...(await getAuthHeaders()) },
      cache: "no-store",
    })
    .then(({ order }) => order)
