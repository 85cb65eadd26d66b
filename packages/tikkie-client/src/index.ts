/**
 * Framework-free Tikkie clients: the `tikkie-client` package, for any Node 20 project.
 * Nothing here depends on Medusa.
 */
export * from "./core/errors"
export * from "./core/http"
export type {
  TikkieAttemptOutcome,
  TikkieCallEnd,
  TikkieCallObserver,
  TikkieCallStart,
  TikkieCallWatch,
} from "./core/observer"
export { composeObservers } from "./core/observer"
export * from "./core/rate-limiter"
export * from "./core/retry"
export { redact, REDACTED } from "./core/redact"
export * from "./fast-checkout"
export * from "./payment-requests/v1"
export * from "./payment-requests/v2"
export * from "./account-information"
