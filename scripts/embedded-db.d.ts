export function freePort(): Promise<number>
export function startEmbeddedPostgres(opts?: { persistentDir?: string; port?: number }): Promise<{
  port: number
  env: Record<string, string>
  stop(): Promise<void>
}>
