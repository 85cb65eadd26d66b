import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import ts from "typescript"

/**
 * Medusa's tables are Medusa's: no SQL of the plugin names one. The tables are read from the installed
 * Medusa modules' own models (`model.define("PaymentSession")` is `payment_session`, or its `tableName`);
 * the plugin's SQL is every string that reads as a statement (select, update, insert, delete, with) and
 * every knex builder call on a table name (`trx("refund")`, `.from("payment")`).
 */
const ROOT = path.resolve(__dirname, "..")
const MEDUSA = path.join(ROOT, "node_modules", "@medusajs")

function files(dir: string, match: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === "node_modules" ? [] : files(p, match)
    return match.test(e.name) ? [p] : []
  })
}

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()

function medusaTables(): Set<string> {
  const tables = new Set<string>()
  for (const pkg of readdirSync(MEDUSA)) {
    const models = path.join(MEDUSA, pkg, "dist", "models")
    let found: string[]
    try {
      found = files(models, /\.js$/)
    } catch {
      continue
    }
    for (const file of found) {
      const text = readFileSync(file, "utf8")
      for (const m of text.matchAll(/\.define\(\s*["'`](\w+)["'`]/g)) tables.add(snake(m[1]))
      for (const m of text.matchAll(/\.define\(\s*\{[^}]*?tableName:\s*["'`](\w+)["'`]/g)) tables.add(m[1])
    }
  }
  return tables
}

const STATEMENT = /^\s*(select|update|insert|delete|with)\b/i
const TABLE_REF = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi
const BUILDER = /(?:^|\.)(?:trx|knex|pg|db|connection|from|table|into|join)$/i

function sqlTables(file: string): Array<{ table: string; line: number }> {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  const found: Array<{ table: string; line: number }> = []
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      const text = node.getText(source).slice(1, -1)
      if (STATEMENT.test(text)) for (const m of text.matchAll(TABLE_REF)) found.push({ table: m[1], line: at(node) })
    }
    if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0])) {
      if (BUILDER.test(node.expression.getText(source))) found.push({ table: node.arguments[0].text, line: at(node) })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe("no SQL on Medusa's tables", () => {
  const medusa = medusaTables()

  it("knows Medusa's tables from the installed modules", () => {
    for (const t of [
      "payment",
      "refund",
      "payment_session",
      "notification_provider",
      "cart",
      "order",
      "cart_line_item",
    ])
      expect(medusa).toContain(t)
    expect(medusa).not.toContain("tikkie_payment_request")
  })

  it("the plugin's SQL names only the plugin's own tables", () => {
    const offending = files(path.join(ROOT, "src"), /\.tsx?$/).flatMap((file) =>
      sqlTables(file)
        .filter((s) => medusa.has(s.table))
        .map((s) => `${path.relative(ROOT, file)}:${s.line} ${s.table}`)
    )
    expect(offending).toEqual([])
  })
})
