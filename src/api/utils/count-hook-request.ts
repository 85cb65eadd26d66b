import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noteHookRequest } from "../../utils/hook-request-rate"

/** Counts a Tikkie hook request before anything else (hook-request-rate.ts: a burst seen as it arrives). */
export function countHookRequest(_req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  noteHookRequest()
  next()
}
