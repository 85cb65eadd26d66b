/** A country as the admin reads it: its name in the admin's language and its code ("België (BE)"). */
export function countryLabel(code: string | null | undefined, language: string): string {
  if (!code) return "—"
  const upper = code.toUpperCase()
  try {
    const name = new Intl.DisplayNames([language], { type: "region" }).of(upper)
    return name && name !== upper ? `${name} (${upper})` : upper
  } catch {
    return upper
  }
}
