import { z } from "zod"

/**
 * Building blocks of the plugin's option schemas (providers and modules). Messages name the option,
 * never its value, so a wrong credential can be reported without being printed.
 */
export const requiredText = (name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .trim()
    .min(1, `${name} must not be empty`)

/** An absolute http(s) URL, without trailing slashes (paths are appended to it). */
export const httpUrl = (name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .refine((v) => {
      try {
        const u = new URL(v)
        return u.protocol === "http:" || u.protocol === "https:"
      } catch {
        return false
      }
    }, `${name} must be an absolute http(s) URL`)
    .transform((v) => v.replace(/\/+$/, ""))
