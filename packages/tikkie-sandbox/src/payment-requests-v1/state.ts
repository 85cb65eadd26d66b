import { createHash, randomInt, randomUUID } from "node:crypto"
import { PAYMENT_REQUEST_EXPIRY_MS } from "tikkie-client/payment-requests/v1/limits"

/**
 * In-memory state of the legacy v1 service: client (API key) > platform > user > bank account >
 * payment request > payments. Platforms belong to the API key that created them; another key cannot
 * see them.
 */
export interface V1Platform {
  platformToken: string
  /** The API key that created it. Never shown by any route: see clientFingerprint. */
  client: string
  name: string
  phoneNumber: string
  email: string | null
  notificationUrl: string | null
  platformUsage: string
  status: "ACTIVE" | "INACTIVE"
  users: V1User[]
}

export interface V1BankAccount {
  bankAccountToken: string
  iban: string
  bankAccountLabel: string
}

export interface V1User {
  userToken: string
  platformToken: string
  name: string
  phoneNumber: string
  status: "ACTIVE" | "INACTIVE"
  bankAccounts: V1BankAccount[]
  /** In creation order. */
  paymentRequests: V1PaymentRequest[]
}

export interface V1Payment {
  payId: string
  paymentToken: string
  counterPartyName: string
  amountInCents: number
  amountCurrency: string
  description: string
  createdAt: number
  onlinePaymentStatus: "PAID" | "NOT_PAID"
}

export interface V1PaymentRequest {
  paymentRequestToken: string
  platformToken: string
  userToken: string
  bankAccountToken: string
  /** null: open amount, the payer chooses. */
  amountInCents: number | null
  currency: string
  description: string
  externalId: string
  createdAt: number
  expiresAt: number
  /** Set by the close control (the business closing the request in its app). */
  closedAt?: number
  payments: V1Payment[]
}

export class V1Store {
  private readonly platformsByClient = new Map<string, V1Platform[]>()
  readonly platforms = new Map<string, V1Platform>()
  readonly paymentRequests = new Map<string, V1PaymentRequest>()
  /** Normalised IBAN -> userToken: one IBAN per user across the whole sandbox, as at the bank. */
  private readonly ibanOwners = new Map<string, string>()

  knowsClient(client: string): boolean {
    return this.platformsByClient.has(client)
  }

  platformsOf(client: string): V1Platform[] {
    return this.platformsByClient.get(client) ?? []
  }

  allPlatforms(): V1Platform[] {
    return [...this.platforms.values()]
  }

  addPlatform(
    client: string,
    input: {
      name: string
      phoneNumber: string
      email?: string | null
      notificationUrl?: string | null
      platformUsage: string
    }
  ): V1Platform {
    const platform: V1Platform = {
      platformToken: randomUUID(),
      client,
      name: input.name,
      phoneNumber: input.phoneNumber,
      email: input.email ?? null,
      notificationUrl: input.notificationUrl ?? null,
      platformUsage: input.platformUsage,
      status: "ACTIVE",
      users: [],
    }
    this.platforms.set(platform.platformToken, platform)
    this.platformsByClient.set(client, [...this.platformsOf(client), platform])
    return platform
  }

  ibanOwner(iban: string): string | undefined {
    return this.ibanOwners.get(iban)
  }

  addUser(
    platform: V1Platform,
    input: { name: string; phoneNumber: string; iban: string; bankAccountLabel: string }
  ): V1User {
    const user: V1User = {
      userToken: randomUUID(),
      platformToken: platform.platformToken,
      name: input.name,
      phoneNumber: input.phoneNumber,
      status: "ACTIVE",
      bankAccounts: [{ bankAccountToken: randomUUID(), iban: input.iban, bankAccountLabel: input.bankAccountLabel }],
      paymentRequests: [],
    }
    platform.users.push(user)
    this.ibanOwners.set(input.iban, user.userToken)
    return user
  }

  addPaymentRequest(
    user: V1User,
    bankAccount: V1BankAccount,
    input: { amountInCents: number | null; currency: string; description: string; externalId: string },
    now: number
  ): V1PaymentRequest {
    const pr: V1PaymentRequest = {
      paymentRequestToken: randomUUID(),
      platformToken: user.platformToken,
      userToken: user.userToken,
      bankAccountToken: bankAccount.bankAccountToken,
      amountInCents: input.amountInCents,
      currency: input.currency,
      description: input.description,
      externalId: input.externalId,
      createdAt: now,
      expiresAt: now + PAYMENT_REQUEST_EXPIRY_MS,
      payments: [],
    }
    user.paymentRequests.push(pr)
    this.paymentRequests.set(pr.paymentRequestToken, pr)
    return pr
  }

  /** The user a payment request belongs to (for the payment page's "who asks"). */
  ownerOf(pr: V1PaymentRequest): { platform: V1Platform; user: V1User } | undefined {
    const platform = this.platforms.get(pr.platformToken)
    const user = platform?.users.find((u) => u.userToken === pr.userToken)
    return platform && user ? { platform, user } : undefined
  }

  clear(): void {
    this.platformsByClient.clear()
    this.platforms.clear()
    this.paymentRequests.clear()
    this.ibanOwners.clear()
  }

  /** For the state file: the platforms in creation order, each with its users and their requests. */
  snapshot(): unknown {
    return { platforms: this.allPlatforms() }
  }

  restore(data: unknown): void {
    this.clear()
    for (const platform of (data as { platforms: V1Platform[] }).platforms) {
      this.platforms.set(platform.platformToken, platform)
      this.platformsByClient.set(platform.client, [...this.platformsOf(platform.client), platform])
      for (const user of platform.users) {
        for (const account of user.bankAccounts) this.ibanOwners.set(account.iban, user.userToken)
        for (const pr of user.paymentRequests) this.paymentRequests.set(pr.paymentRequestToken, pr)
      }
    }
  }
}

/** A stable, non-reversible label for an API key, so the control listing never shows a credential. */
export function clientFingerprint(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("hex").slice(0, 12)
}

/** payId is "shown on the payer's receipt": digits are easy to read out over the phone. */
export function newPayId(): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`
}
