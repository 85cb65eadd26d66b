import { Agent, type Dispatcher } from "undici"
import { z } from "zod"
import { TikkieTransport, type TransportOptions } from "../core/http"
import { validateOutgoing } from "../core/validation"
import { OAUTH_SERVICE_CODES } from "./codes"
import { scopeSchema, tokenResponseSchema, type Scope, type TokenResponse } from "./schemas"

/** PEM text or Buffers of the TPP's client certificate, its private key and the CA chain to trust. */
export interface MutualTlsOptions {
  cert: string | Buffer
  key: string | Buffer
  /** The CA chain that signed the authorization service's certificate (and, in a sandbox, ours). */
  ca?: string | Buffer | Array<string | Buffer>
}

export interface OAuthClientOptions extends Omit<TransportOptions, "baseUrl"> {
  /** Authorization service address ({auth_url}); the token endpoint is {authUrl}/as/token.oauth2. */
  authUrl: string
  clientId: string
  /** Client certificate for the token endpoint (mutual TLS). Without it the POST goes out plainly. */
  tls?: MutualTlsOptions
}

const exchangeInput = z.strictObject({
  code: z.string().min(1, "code is required"),
  redirectUri: z.string().min(1).optional(),
})
const refreshInput = z.strictObject({
  refreshToken: z.string().min(1, "refreshToken is required"),
  scopes: z.array(scopeSchema).min(1).optional(),
})

const TOKEN_PATH = "/as/token.oauth2"

/**
 * The token endpoint of the authorization service: exchanges a consent code and refreshes tokens.
 *
 * The mutual-TLS Agent is used for the token POSTs only (the per-call dispatcher), so the client key
 * never travels on connections that do not need it. A token POST that may have reached the service is
 * never resent: a code is single-use and a refresh token stops working once used, so a blind retry
 * would turn a lost answer into a lost consent (the transport retries POSTs only when nothing was sent).
 */
export class OAuthClient {
  private readonly transport: TikkieTransport
  private readonly tlsAgent?: Agent
  private readonly clientId: string
  /** The key's PEM text and each of its base64 lines, so not even part of it can reach an error. */
  private readonly keySecrets: string[] = []

  constructor(options: OAuthClientOptions) {
    const { authUrl, clientId, tls, ...transport } = options
    this.transport = new TikkieTransport({ ...transport, baseUrl: authUrl })
    this.clientId = clientId
    if (tls) {
      this.tlsAgent = new Agent({
        connect: {
          cert: tls.cert,
          key: tls.key,
          ca: tls.ca,
          timeout: options.connectTimeoutMs,
        },
      })
      const pem = tls.key.toString()
      this.keySecrets = [pem, ...pem.split(/\r?\n/).filter((line) => line.length >= 16 && !line.startsWith("-----"))]
    }
  }

  /** Step 3 of the consent flow: the code from the redirect for an access and a refresh token. */
  async exchangeCode(input: { code: string; redirectUri?: string }): Promise<TokenResponse> {
    const i = validateOutgoing("oauth.exchangeCode", exchangeInput, input, OAUTH_SERVICE_CODES)
    return this.post(
      "oauth.exchangeCode",
      {
        grant_type: "authorization_code",
        client_id: this.clientId,
        code: i.code,
        redirect_uri: i.redirectUri,
      },
      [i.code]
    )
  }

  /**
   * A new token pair for the same consent; the old refresh token stops working. `scopes` may narrow
   * the grant (never widen it); omitted, the service keeps the scopes of the consent.
   */
  async refresh(input: { refreshToken: string; scopes?: ReadonlyArray<Scope> }): Promise<TokenResponse> {
    const i = validateOutgoing("oauth.refresh", refreshInput, input, OAUTH_SERVICE_CODES)
    return this.post(
      "oauth.refresh",
      {
        grant_type: "refresh_token",
        client_id: this.clientId,
        refresh_token: i.refreshToken,
        // Space-separated as RFC 6749 writes it; the form encoding puts it on the wire as `a+b`.
        scope: i.scopes?.join(" "),
      },
      [i.refreshToken]
    )
  }

  async close(): Promise<void> {
    await Promise.all([this.transport.close(), this.tlsAgent?.close()])
  }

  private async post(operation: string, form: Record<string, string | undefined>, secrets: string[]) {
    const res = await this.transport.send({
      operation,
      method: "POST",
      path: TOKEN_PATH,
      form,
      response: tokenResponseSchema,
      secrets: [...secrets, ...this.keySecrets],
      dispatcher: this.tlsAgent as Dispatcher | undefined,
    })
    return res.data
  }
}
