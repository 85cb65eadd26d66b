import fs from "node:fs"

/** CPU seconds (user + system) a process has used so far, from /proc; undefined when it is gone. */
export function readCpuSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return undefined
  }
}

/** The whole machine's busy CPU seconds so far (all cores), from /proc/stat. */
export function machineBusySeconds(): number {
  const cpu = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number)
  const idle = cpu[3] + (cpu[4] ?? 0)
  return (cpu.reduce((a, b) => a + b, 0) - idle) / 100
}
