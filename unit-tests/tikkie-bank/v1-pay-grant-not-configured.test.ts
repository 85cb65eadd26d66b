import { startV1Connect, v1AccessToken } from "../../src/modules/tikkie-bank/v1-pay-grant"

/**
 * Without the tikkie-bank module's OAuth options there is no way to a v1 token but a fixed accessToken:
 * the shop admin and the v1 client hear both ways out, never a crash.
 */
describe("v1 pay grant without the tikkie-bank module", () => {
  const noBankModule = {}
  const unconfigured = { bank: { bankOptions: undefined } as never }

  it.each([
    ["not registered", noBankModule],
    ["registered without options", unconfigured],
  ])("%s: asking for a token or a consent URL names both ways to a v1 token", async (_name, modules) => {
    for (const call of [
      () => v1AccessToken(modules),
      () => startV1Connect(modules, { userId: "user_1", bank: "NLAA01" }),
    ]) {
      await expect(call()).rejects.toThrow(
        /either give the provider an accessToken, or configure the tikkie-bank module .* and connect v1 from the admin \(POST \/admin\/tikkie\/payment-requests\/v1-connect\)/
      )
    }
  })
})
