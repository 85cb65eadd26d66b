import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { TikkiePaymentRequestProviderService } from "../../src/providers/payment-request/service"
import { PAYMENT_REQUEST_INPUT_KEY } from "../../src/providers/payment-request/session-data"
import { v1Explanation } from "../../src/providers/payment-request/v1-errors"
import { PaymentRequestsV1Client, V1_ERRORS } from "tikkie-client/payment-requests/v1"
import { SandboxControl, startSandbox, type RunningSandbox } from "tikkie-sandbox"
import TikkieModuleService from "../../src/modules/tikkie/service"

/** The payment request provider with apiVersion "v1", on its own against the sandbox over HTTP. */
describe("Tikkie payment request provider, legacy v1", () => {
  let sandbox: RunningSandbox
  let control: SandboxControl
  let accessToken: string
  let tokens: { platformToken: string; userToken: string; bankAccountToken: string }
  const apiKey = "pr-v1-provider-test-api-key"
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }

  const options = (over: Record<string, unknown> = {}) => ({
    apiVersion: "v1",
    apiKey,
    accessToken,
    baseUrl: sandbox.url,
    storeUrl: "http://localhost:9000",
    successUrl: "http://localhost:8000/order/confirmed",
    failureUrl: "http://localhost:8000/checkout",
    platform: { name: "Winkel", phoneNumber: "0201234567" },
    user: { name: "Winkel BV", phoneNumber: "0612345678", iban: "NL91ABNA0417164300", bankAccountLabel: "Shop" },
    ...over,
  })

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    control = new SandboxControl(sandbox.url)
    accessToken = (await control.post<{ access_token: string }>("/_sandbox/oauth/tokens", { scope: "pay" }))
      .access_token
    const client = new PaymentRequestsV1Client({ apiKey, accessToken, baseUrl: sandbox.url })
    const platform = await client.createPlatform({
      name: "Winkel",
      phoneNumber: "0201234567",
      platformUsage: "PAYMENT_REQUEST_FOR_MYSELF",
    })
    const user = await client.createUser(platform.platformToken, {
      name: "Winkel BV",
      phoneNumber: "0612345678",
      iban: "NL91ABNA0417164300",
      bankAccountLabel: "Shop",
    })
    tokens = {
      platformToken: platform.platformToken,
      userToken: user.userToken,
      bankAccountToken: user.bankAccounts[0].bankAccountToken,
    }
    await client.close()
  })
  afterAll(async () => {
    await control.close()
    await sandbox.close()
  })

  it("options: v1 needs platform and user (accessToken is optional: without it the store's v1 connection is used); v2-only options are refused by name, never with a value", () => {
    const validate = (o: Record<string, unknown>) => () => TikkiePaymentRequestProviderService.validateOptions(o)
    expect(validate(options())).not.toThrow()
    expect(validate(options({ accessToken: undefined }))).not.toThrow()
    expect(validate(options({ accessToken: undefined, platform: undefined, user: undefined }))).toThrow(
      /platform is required with apiVersion v1.*user is required with apiVersion v1/
    )
    expect(validate(options({ subscribeNotifications: true }))).toThrow(/subscribeNotifications is v2 only/)
    expect(validate(options({ appToken: "0d3f1c4e-8d5a-4a7b-9c1e-2f3a4b5c6d7e" }))).toThrow(/appToken is a v2 option/)
    expect(validate(options({ user: { name: "x" } }))).toThrow(/user.phoneNumber is required/)
    expect(validate({ ...options(), apiVersion: "v2", appToken: "0d3f1c4e-8d5a-4a7b-9c1e-2f3a4b5c6d7e" })).toThrow(
      /accessToken, platform, user are v1 options: set apiVersion "v1"/
    )
    expect(validate(options({ apiVersion: "v3" }))).toThrow(/apiVersion must be "v2" or "v1"/)
    expect(validate(options({ platform: undefined, accessToken: `${accessToken} ` }))).not.toThrow(
      new RegExp(accessToken)
    )
  })

  it("every v1 error code has an explanation for the admin", () => {
    for (const code of Object.values(V1_ERRORS)) expect(v1Explanation(code)).toEqual(expect.any(String))
  })

  it("creates a v1 request with the session id as externalId, captured once paid; refunds are refused clearly", async () => {
    const provider = new TikkiePaymentRequestProviderService(
      { logger, tikkie: new TikkieModuleService({ logger }) } as never,
      options()
    )
    await expect(
      provider.initiatePayment({
        amount: 12.34,
        currency_code: "eur",
        data: {},
        context: { idempotency_key: "payses_01V1NOSETUP" },
      })
    ).rejects.toThrow(/need the plugin's v1 setup/)

    const created = await provider.initiatePayment({
      amount: 12.34,
      currency_code: "eur",
      data: { [PAYMENT_REQUEST_INPUT_KEY]: { description: "Winkel, 2 items", v1: tokens } },
      context: { idempotency_key: "payses_01V1SESSION" },
    })
    expect(created.status).toBe(PaymentSessionStatus.PENDING)
    expect(created.data).toMatchObject({
      referenceId: "payses_01V1SESSION",
      amountInCents: 1234,
      status: "OPEN",
      v1: tokens,
    })
    const { platforms } = await control.get<{
      platforms: Array<{ users: Array<{ paymentRequests: Array<{ externalId: string }> }> }>
    }>("/_sandbox/v1/platforms")
    expect(platforms[0].users[0].paymentRequests.map((r) => r.externalId)).toEqual(["payses_01V1SESSION"])

    expect((await provider.authorizePayment({ data: created.data })).status).toBe(PaymentSessionStatus.PENDING)
    await control.post(`/_sandbox/v1/paymentrequests/${created.data!.paymentRequestToken}/pay`, {
      counterPartyName: "Sanne",
    })
    const paid = await provider.authorizePayment({ data: created.data })
    expect(paid.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(paid.data).toMatchObject({
      payments: [expect.objectContaining({ amountInCents: 1234, counterPartyName: "Sanne", refunds: [] })],
    })

    await expect(provider.refundPayment({ amount: 1, data: paid.data })).rejects.toThrow(
      /Tikkie payment requests v1 have no refunds: nothing was refunded/
    )
  })
})
