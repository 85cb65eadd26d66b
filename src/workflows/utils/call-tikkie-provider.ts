import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { providerCallPayload } from "../../providers/shared/provider-call"

/**
 * Runs `use` with the connection (options and clients) of the Tikkie provider `providerId`, inside the
 * provider, through Medusa's payment module (provider-call.ts says why this way). The provider stays the
 * one owner of the credentials: the app side borrows its client for one call and keeps nothing.
 *
 * An error thrown by `use` (a Tikkie failure, a refusal) reaches the caller as it was thrown.
 */
export async function callTikkieProvider<TConnection, TResult>(
  container: MedusaContainer,
  providerId: string,
  use: (connection: TConnection) => Promise<TResult>
): Promise<TResult> {
  const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  let answered: { value: TResult } | undefined
  await payment.getWebhookActionAndData({
    provider: providerId,
    payload: providerCallPayload<TConnection>(async (connection) => {
      answered = { value: await use(connection) }
    }),
  })
  if (!answered) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Payment provider ${providerId} did not take the plugin's call: is it a Tikkie provider of this plugin?`
    )
  }
  return answered.value
}
