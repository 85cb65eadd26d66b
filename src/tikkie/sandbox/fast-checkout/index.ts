import type { SandboxContext } from "../context"

/** Registers this service's routes and its /_sandbox controls. */
export function registerFastCheckout(ctx: SandboxContext): void {
  void ctx
}
