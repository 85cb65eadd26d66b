import { z } from "@medusajs/framework/zod"
import { BANKS, DEFAULT_BANK } from "tikkie-client/account-information"

/** POST /admin/tikkie/payment-requests/v1-connect: which bank's consent page to use (ABN AMRO by default). */
export const ConnectV1BodySchema = z.strictObject({
  bank: z.enum(BANKS, { error: `bank must be one of ${BANKS.join(", ")}` }).default(DEFAULT_BANK),
  /** The admin's language ("nl" or "en"): the page the bank sends the browser back to speaks it. */
  language: z.enum(["nl", "en"], { error: "language must be nl or en" }).optional(),
})
export type ConnectV1Body = z.output<typeof ConnectV1BodySchema>
