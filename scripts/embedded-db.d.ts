export function freePort(): Promise<number>
export function startEmbeddedPostgres(opts?: {
  persistentDir?: string
  port?: number
  postgresFlags?: string[]
}): Promise<{
  port: number
  env: Record<string, string>
  stop(): Promise<void>
}>
