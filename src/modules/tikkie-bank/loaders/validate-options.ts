import type { LoaderOptions } from "@medusajs/framework/types"
import { parseTikkieBankOptions } from "../options"

/** Checks the options when the store starts, so a wrong option stops it with a clear message. */
export default async function validateTikkieBankOptions({ options }: LoaderOptions): Promise<void> {
  parseTikkieBankOptions(options)
}
