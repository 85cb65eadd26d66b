/**
 * Environment variables for one test file's Medusa app: set before the app boots (medusa-config.ts reads
 * them), put back as they were after the file. Call at the top of a helper, outside any hook.
 */
export function useFileEnv(): (name: string, value: string) => void {
  const saved: Record<string, string | undefined> = {}
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })
  return (name, value) => {
    if (!(name in saved)) saved[name] = process.env[name]
    process.env[name] = value
  }
}
