import fs from "node:fs"

/**
 * Memory of another process on Linux, from /proc. The demo runs Medusa as a child process it does not
 * expose; the process that listens on the store's port is the one serving it.
 */
export interface ProcessMemory {
  /** Resident set size now, in kB (VmRSS). */
  rssKb: number
  /** Highest resident set size so far, in kB (VmHWM). */
  hwmKb: number
}

export function readMemory(pid: number): ProcessMemory | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8")
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN)
    return { rssKb: kb("VmRSS"), hwmKb: kb("VmHWM") }
  } catch {
    return undefined
  }
}

/** The pid of the process with a listening TCP socket on `port`, if this user can see it. */
export function medusaPid(port: number): number | undefined {
  const inodes = new Set<string>()
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = ""
    try {
      text = fs.readFileSync(table, "utf8")
    } catch {
      continue
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/)
      if (cols.length < 10) continue
      const localPort = parseInt(cols[1].split(":").pop()!, 16)
      if (localPort === port && cols[3] === "0A") inodes.add(cols[9]) // 0A: LISTEN
    }
  }
  if (!inodes.size) return undefined
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    let fds: string[]
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${entry}/fd/${fd}`))
        if (m && inodes.has(m[1])) return Number(entry)
      } catch {
        /* gone */
      }
    }
  }
  return undefined
}
