import { createWorkflow, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { createBankConsentRequestStep, type BankConnectInput } from "./steps/create-bank-consent-request"

export type { BankConnectInput } from "./steps/create-bank-consent-request"

export const startBankConnectWorkflowId = "tikkie-start-bank-connect"

/**
 * Step 1 of connecting the bank account: the consent URL to send the account holder to, with a fresh
 * single-use state bound to the admin who asked. Refuses (400) when the bank module or its token
 * encryption key is not configured, before anything is stored.
 */
export const startBankConnectWorkflow = createWorkflow(
  startBankConnectWorkflowId,
  (input: WorkflowData<BankConnectInput>) => {
    return new WorkflowResponse(createBankConsentRequestStep(input))
  }
)
