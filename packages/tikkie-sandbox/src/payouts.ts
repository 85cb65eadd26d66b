/**
 * What Tikkie pays out to a merchant's bank account: every payment the sandbox took, of every service.
 * Each service registers how to list its paid money (`ctx.payouts.register`); the account information
 * service's control `POST /_sandbox/accounts/{accountNumber}/payouts` books the ones not yet on that
 * account, as a real Tikkie payout credits the merchant's account after the payment.
 */
export interface PaidMoney {
  /** Letters and digits: `fastcheckout`, `paymentrequest`. Upper-cased in the payout's tag line. */
  source: string
  /** What names the payment on the payout, at most 32 characters without spaces. */
  reference: string
  amountInCents: number
  /** When it was paid (sandbox time, ms). */
  paidAt: number
}

export class SandboxPayouts {
  private readonly sources: Array<() => Iterable<PaidMoney>> = []

  register(list: () => Iterable<PaidMoney>): void {
    this.sources.push(list)
  }

  /** Every payment of every service, oldest first. */
  paid(): PaidMoney[] {
    return this.sources.flatMap((list) => [...list()]).sort((a, b) => a.paidAt - b.paidAt)
  }
}

/**
 * The two description lines of a payout credit: `TIKKIE <SOURCE>` and the payment's reference (the
 * account information specification's lines are at most 32 characters; an orderToken alone takes 32).
 * The plugin's reconciliation reads the same convention.
 */
export function payoutLines(p: Pick<PaidMoney, "source" | "reference">): [string, string] {
  return [`TIKKIE ${p.source.toUpperCase()}`, p.reference]
}

/**
 * A v1 paymentToken is a UUID (36 characters): without its dashes its 32 hexadecimal digits fit the
 * reference line; v2 tokens (22) and orderTokens (32) are used as they are.
 */
export function payoutReference(token: string): string {
  return token.length > 32 ? token.replace(/-/g, "") : token
}
