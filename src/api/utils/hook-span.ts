import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { context, SpanStatusCode, trace } from "@medusajs/framework/opentelemetry/api"
import { tracer } from "../../utils/tracing"

export type TracedHook =
  "fast_checkout.webhook" | "fast_checkout.return" | "payment_request.notification" | "payment_request.return"

/** A Tikkie hook's span for its validation and handler; no URL or query (a return's names a session). */
export function hookSpan(hook: TracedHook) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const span = tracer.startSpan(`tikkie.hook.${hook}`, {
      attributes: { "tikkie.hook": hook, "http.request.method": req.method },
    })
    if (!span.isRecording()) return next()
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      span.setAttribute("http.response.status_code", res.statusCode)
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    }
    res.once("finish", end)
    res.once("close", end)
    return context.with(trace.setSpan(context.active(), span), () => next())
  }
}
