import { randomBytes } from "node:crypto"

/** In-memory state of the sandbox's payment requests v2, cleared by POST /_sandbox/reset. */

export interface NotificationSubscription {
  subscriptionId: string
  url: string
}

export interface SandboxApp {
  appToken: string
  /** The API key that created the app: the only one it works with. */
  apiKey: string
  disabled: boolean
  /** At most one per app; subscribing again replaces it. */
  subscription?: NotificationSubscription
}

export interface StoredRefund {
  refundToken: string
  amountInCents: number
  description: string
  referenceId?: string
  createdAt: number
  status: "PENDING" | "PAID"
}

export interface StoredPayment {
  paymentToken: string
  tikkieId: string
  counterPartyName: string
  counterPartyAccountNumber: string
  amountInCents: number
  description: string
  createdAt: number
  /** Oldest first. */
  refunds: StoredRefund[]
}

export interface StoredPaymentRequest {
  paymentRequestToken: string
  appToken: string
  /** Undefined for an open amount. */
  amountInCents?: number
  description: string
  referenceId?: string
  createdAt: number
  expiryDate: string
  /** First instant the request can no longer be paid (midnight Amsterdam after expiryDate). */
  expiresAt: number
  /** Set by the close control; nothing in the public API closes a request. */
  closed: boolean
  /** Oldest first. */
  payments: StoredPayment[]
}

export interface RefundLocation {
  refund: StoredRefund
  payment: StoredPayment
  paymentRequest: StoredPaymentRequest
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** 22 letters and digits (about 131 bits), the look of live Tikkie tokens. */
export function newToken(): string {
  const bytes = randomBytes(22)
  let out = ""
  for (const b of bytes) out += BASE62[b % 62]
  return out
}

export class PaymentRequestsV2State {
  readonly apps = new Map<string, SandboxApp>()
  readonly paymentRequests = new Map<string, StoredPaymentRequest>()
  /** Per app, oldest first: lists read it backwards (newest first). */
  readonly paymentRequestsByApp = new Map<string, StoredPaymentRequest[]>()
  readonly refunds = new Map<string, RefundLocation>()
  private tikkieIds = 0

  addPaymentRequest(pr: StoredPaymentRequest): void {
    this.paymentRequests.set(pr.paymentRequestToken, pr)
    const list = this.paymentRequestsByApp.get(pr.appToken) ?? []
    list.push(pr)
    this.paymentRequestsByApp.set(pr.appToken, list)
  }

  /** The app's own request; another app's request is treated as unknown. */
  ownPaymentRequest(appToken: string, paymentRequestToken: string): StoredPaymentRequest | undefined {
    const pr = this.paymentRequests.get(paymentRequestToken)
    return pr && pr.appToken === appToken ? pr : undefined
  }

  /** Tikkie ids are what a payer sees on the receipt: 12 digits, unique within the sandbox. */
  nextTikkieId(): string {
    this.tikkieIds++
    return String(100_000_000_000 + this.tikkieIds)
  }

  reset(): void {
    this.apps.clear()
    this.paymentRequests.clear()
    this.paymentRequestsByApp.clear()
    this.refunds.clear()
    this.tikkieIds = 0
  }

  /** For the state file: apps and payment requests (with their payments and refunds), oldest first. */
  snapshot(): unknown {
    return {
      apps: [...this.apps.values()],
      paymentRequests: [...this.paymentRequests.values()],
      tikkieIds: this.tikkieIds,
    }
  }

  restore(data: unknown): void {
    const d = data as { apps: SandboxApp[]; paymentRequests: StoredPaymentRequest[]; tikkieIds: number }
    this.reset()
    for (const app of d.apps) this.apps.set(app.appToken, app)
    for (const pr of d.paymentRequests) {
      this.addPaymentRequest(pr)
      for (const payment of pr.payments) {
        for (const refund of payment.refunds)
          this.refunds.set(refund.refundToken, { refund, payment, paymentRequest: pr })
      }
    }
    this.tikkieIds = d.tikkieIds
  }
}
