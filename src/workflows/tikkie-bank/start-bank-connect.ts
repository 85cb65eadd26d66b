import { createWorkflow, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { createBankConsentRequestStep, type BankConnectInput } from "./steps/create-bank-consent-request"

export type { BankConnectInput } from "./steps/create-bank-consent-request"

export const startBankConnectWorkflowId = "tikkie-start-bank-connect"

/** Step 1 of connecting the bank account: the consent URL, with a single-use state bound to the admin. */
export const startBankConnectWorkflow = createWorkflow(
  startBankConnectWorkflowId,
  (input: WorkflowData<BankConnectInput>) => {
    return new WorkflowResponse(createBankConsentRequestStep(input))
  }
)
