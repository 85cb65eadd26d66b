import {
  context,
  isSpanContextValid,
  type Link,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
} from "@medusajs/framework/opentelemetry/api"
import type { TikkieCallObserver } from "tikkie-client"

/*
 * The plugin's OpenTelemetry spans (docs/production.md, "Traces"). Medusa's own copy of the API: with no
 * SDK registered (no instrumentation.ts) every span is a no-op and nothing here costs more than that.
 * Attributes hold names, codes, counts and times, never a token, a payer's details or a URL.
 */
export const tracer = trace.getTracer("medusa-plugin-tikkie")

/** One span per Tikkie call (the transport's observer): its attempts, rate-limit waits and answer. */
export function tikkieCallSpans(): TikkieCallObserver {
  return {
    start({ operation, method }) {
      const span = tracer.startSpan(`tikkie.${operation}`, {
        kind: SpanKind.CLIENT,
        attributes: {
          "tikkie.service": operation.split(".")[0],
          "tikkie.operation": operation,
          "http.request.method": method,
        },
      })
      if (!span.isRecording()) return undefined
      let rateWaitMs = 0
      return {
        attempt(a) {
          rateWaitMs += a.rateWaitMs
          span.addEvent(
            "tikkie.attempt",
            defined({
              "tikkie.attempt": a.attempt,
              "http.response.status_code": a.status,
              "tikkie.error_code": a.code,
              "tikkie.rate_wait_ms": round(a.rateWaitMs),
              "tikkie.duration_ms": round(a.durationMs),
            })
          )
        },
        end(e) {
          span.setAttributes(
            defined({
              "tikkie.attempts": e.attempts,
              "http.response.status_code": e.status,
              "tikkie.error_code": e.code,
              "tikkie.rate_wait_ms": round(rateWaitMs),
              "tikkie.duration_ms": round(e.durationMs),
              "tikkie.trace_id": e.traceId,
            })
          )
          if (!e.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: e.code })
          span.end()
        },
      }
    },
  }
}

/** The active span's context as a W3C `traceparent`, for work handed to the event bus; none when not traced. */
export function currentTraceparent(): string | undefined {
  const ctx = trace.getActiveSpan()?.spanContext()
  if (!ctx || !isSpanContextValid(ctx)) return undefined
  return `00-${ctx.traceId}-${ctx.spanId}-0${ctx.traceFlags & TraceFlags.SAMPLED}`
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/

/** A link to the span a `traceparent` names (malformed or absent: none). */
export function linkTo(traceparent: string | undefined): Link[] {
  const m = traceparent ? TRACEPARENT.exec(traceparent) : null
  if (!m) return []
  const spanContext = { traceId: m[1], spanId: m[2], traceFlags: parseInt(m[3], 16), isRemote: true }
  return isSpanContextValid(spanContext) ? [{ context: spanContext }] : []
}

/** Runs `fn` in an active span; a throw marks it an error by type only (messages may quote a caller). */
export async function inSpan<T>(
  name: string,
  options: { attributes?: Attributes; links?: Link[]; root?: boolean },
  fn: (span: Span) => Promise<T>
): Promise<T> {
  const span = tracer.startSpan(name, { attributes: options.attributes, links: options.links, root: options.root })
  try {
    return await context.with(trace.setSpan(context.active(), span), () => fn(span))
  } catch (e) {
    span.setStatus({ code: SpanStatusCode.ERROR })
    span.setAttribute("error.type", (e as Error)?.name ?? "Error")
    throw e
  } finally {
    span.end()
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10
}

function defined(attributes: Record<string, string | number | undefined>): Attributes {
  const out: Attributes = {}
  for (const [k, v] of Object.entries(attributes)) if (v !== undefined) out[k] = v
  return out
}
