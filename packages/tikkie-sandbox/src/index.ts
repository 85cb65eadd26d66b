export { startSandbox, resolveSandboxOptions, DEFAULT_SANDBOX_PORT, type RunningSandbox } from "./server"
export type { SandboxOptions, SandboxContext } from "./context"
export { SandboxControl } from "./control-client"
