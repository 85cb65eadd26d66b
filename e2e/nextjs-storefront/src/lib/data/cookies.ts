import "server-only"
import { cookies as nextCookies } from "next/headers"

// The starter's cookie helpers, with its settings: the cart cookie is httpOnly and sameSite "strict".

export const getAuthHeaders = async (): Promise<{ authorization: string } | {}> => {
  try {
    const cookies = await nextCookies()
    const token = cookies.get("_medusa_jwt")?.value
    if (!token) return {}
    return { authorization: `Bearer ${token}` }
  } catch {
    return {}
  }
}

export const getCartId = async () => {
  const cookies = await nextCookies()
  return cookies.get("_medusa_cart_id")?.value
}

export const setCartId = async (cartId: string) => {
  const cookies = await nextCookies()
  cookies.set("_medusa_cart_id", cartId, {
    maxAge: 60 * 60 * 24 * 7,
    httpOnly: true,
    sameSite: "strict",
    secure: process.env.NODE_ENV === "production",
  })
}

export const removeCartId = async () => {
  const cookies = await nextCookies()
  cookies.set("_medusa_cart_id", "", { maxAge: -1 })
}
