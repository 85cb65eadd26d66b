import { readFileSync } from "node:fs"
import path from "node:path"
import type { z } from "zod"
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from "tikkie-client/core/http"
import { FastCheckoutProviderOptionsSchema } from "../src/providers/fast-checkout/options"
import { PaymentRequestProviderOptionsSchema } from "../src/providers/payment-request/options"
import { TikkieBankOptionsSchema } from "../src/modules/tikkie-bank/options"
import { TikkieModuleOptionsSchema } from "../src/modules/tikkie/options"

/**
 * The option tables a shop reads (`<!-- options: name -->` in docs/) list exactly the options of the
 * schema that checks them at start-up, one per row, with the schema's default where it has one and
 * "required" where the option must be given. The timeouts, defaulted by the client, show the client's.
 */
const ROOT = path.resolve(__dirname, "..")

const TABLES: Array<{ marker: string; doc: string; schema: { shape: Record<string, z.ZodType> } }> = [
  { marker: "fast-checkout", doc: "docs/fast-checkout.md", schema: FastCheckoutProviderOptionsSchema },
  { marker: "payment-request", doc: "docs/payment-links.md", schema: PaymentRequestProviderOptionsSchema },
  { marker: "tikkie-bank", doc: "docs/bank-account.md", schema: TikkieBankOptionsSchema },
  { marker: "tikkie", doc: "docs/production.md", schema: TikkieModuleOptionsSchema },
]

/** Defaults applied outside the schema (by the client), as the tables must show them. */
const CLIENT_DEFAULTS: Record<string, unknown> = {
  connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS,
  requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
}

interface Row {
  option: string
  default: string
}

function table(doc: string, marker: string): Row[] {
  const text = readFileSync(path.join(ROOT, doc), "utf8")
  const at = text.indexOf(`<!-- options: ${marker} -->\n`)
  if (at < 0) throw new Error(`${doc} has no <!-- options: ${marker} --> table`)
  const lines = text.slice(at).split("\n").slice(1)
  expect(lines[0]).toBe("| Option | Default | Meaning |")
  expect(lines[1]).toBe("|---|---|---|")
  const rows: Row[] = []
  for (const line of lines.slice(2)) {
    if (!line.startsWith("|")) break
    const cells = line.split(" | ").map((c) => c.replace(/^\| ?|\s*\|$/g, ""))
    const name = /^`(\w+)`$/.exec(cells[0])
    if (!name) throw new Error(`${doc}: one option per row, written \`name\`: ${line.slice(0, 60)}`)
    rows.push({ option: name[1], default: cells[1] })
  }
  return rows
}

/** The schema's default of an option (zod 4 keeps it on the field's definition), or undefined. */
function schemaDefault(field: z.ZodType): unknown {
  const def = (field as unknown as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def
  return def.type === "default" ? def.defaultValue : undefined
}

const isRequired = (field: z.ZodType) => !field.safeParse(undefined).success

describe("the option tables in docs/ against the option schemas", () => {
  it.each(TABLES)(
    "<!-- options: $marker --> in $doc lists every option of the schema, once, and no other",
    ({ doc, marker, schema }) => {
      const documented = table(doc, marker).map((r) => r.option)
      expect(new Set(documented).size).toBe(documented.length)
      expect([...documented].sort()).toEqual(Object.keys(schema.shape).sort())
    }
  )

  it.each(TABLES)(
    "<!-- options: $marker --> in $doc shows each default, and says which options are required",
    ({ doc, marker, schema }) => {
      for (const row of table(doc, marker)) {
        const field = schema.shape[row.option]
        const fallback = schemaDefault(field) ?? CLIENT_DEFAULTS[row.option]
        if (fallback !== undefined)
          expect({ option: row.option, default: row.default }).toEqual({
            option: row.option,
            default: `\`${String(fallback)}\``,
          })
        else if (isRequired(field))
          expect({ option: row.option, default: row.default }).toEqual({ option: row.option, default: "required" })
        else
          expect({ option: row.option, default: row.default }).not.toEqual({
            option: row.option,
            default: expect.stringMatching(/^`/),
          })
      }
    }
  )
})
