/**
 * The store figures of one `npm run bench` run side by side: each measurement notes its headline
 * figures under the mode it ran in (single process, cluster), and the run ends with one table, a row
 * per figure and a column per mode. Each figure is already next to its own baseline where it has one.
 */
const figures = new Map<string, Map<string, string>>()
const modes: string[] = []
let mode = "single process"

export function benchMode(name: string): void {
  mode = name
  if (!modes.includes(name)) modes.push(name)
}

export function note(figure: string, value: string): void {
  if (!modes.includes(mode)) modes.push(mode)
  let row = figures.get(figure)
  if (!row) figures.set(figure, (row = new Map()))
  row.set(mode, value)
}

export function printSummary(): void {
  if (!figures.size) return
  const width = Math.max(...[...figures.keys()].map((f) => f.length))
  const cols = modes.map((m) => Math.max(m.length, ...[...figures.values()].map((r) => (r.get(m) ?? "-").length)))
  console.log(`\n## Side by side (same run)`)
  console.log(`  ${"".padEnd(width)}   ${modes.map((m, i) => m.padEnd(cols[i])).join("   ")}`)
  for (const [figure, row] of figures) {
    console.log(`  ${figure.padEnd(width)}   ${modes.map((m, i) => (row.get(m) ?? "-").padEnd(cols[i])).join("   ")}`)
  }
}
