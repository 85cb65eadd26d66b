import { Input, Label, Text } from "@medusajs/ui"
import { useState, type ComponentProps } from "react"
import { amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { DESCRIPTION_MAX_LENGTH, REFERENCE_ID_MAX_LENGTH } from "tikkie-client/payment-requests/v2/rules"
import {
  checkLinkForm,
  descriptionCount,
  fieldOfStoreMessage,
  LINK_AMOUNT_MAX_CENTS,
  LINK_AMOUNT_MIN_CENTS,
  type LinkFormField,
  type LinkFormInput,
  type LinkFormProblem,
} from "../lib/link-form"
import { storeErrorText } from "../lib/store-error"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"

type FieldProblems = Partial<Record<LinkFormField, string>>

/** A link form's problems per field: `check` before sending (Tikkie's rules), `refused` for the store's answer. */
export function useLinkForm() {
  const { t, language } = useTikkieT()
  const { money } = useFormat()
  const [problems, setProblems] = useState<FieldProblems>({})
  const words = (problem: LinkFormProblem): string => {
    const values: Record<LinkFormProblem, Record<string, string | number>> = {
      amountInvalid: { example: /^nl\b/i.test(language) ? "12,50" : "12.50" },
      amountMin: { min: money(LINK_AMOUNT_MIN_CENTS) },
      amountMax: { max: money(LINK_AMOUNT_MAX_CENTS) },
      descriptionRequired: {},
      descriptionTooLong: { max: DESCRIPTION_MAX_LENGTH },
      referenceInvalid: {},
      expiryInvalid: {},
      expiryPast: {},
      payerEmailInvalid: {},
    }
    return t(`linkForm.${problem}`, values[problem])
  }
  return {
    problems,
    input: (field: LinkFormField, value: string, set: (value: string) => void) => ({
      field,
      problems,
      value,
      onChange: (e: { target: { value: string } }) => set(e.target.value),
    }),
    clear: () => setProblems({}),
    /** The amount in cents (undefined: empty) when every field is right; null when not. */
    check(input: LinkFormInput): { cents?: number } | null {
      const checked = checkLinkForm(input, language)
      const found: FieldProblems = {}
      for (const [field, problem] of Object.entries(checked.problems) as Array<[LinkFormField, LinkFormProblem]>)
        found[field] = words(problem)
      setProblems(found)
      return Object.keys(found).length ? null : { cents: checked.cents }
    },
    /** At its field when the refusal is about one (answers undefined), else the text for under the form. */
    refused(e: unknown): string | undefined {
      const worded = storeErrorText(e, { t, money })
      const field = worded.field ?? fieldOfStoreMessage(worded.text)
      if (!field) return worded.text
      setProblems({ [field]: worded.text })
      return undefined
    },
  }
}

/** Tikkie's rules: at most 35 characters of text, and no date before today in Amsterdam. */
function fieldInput(field: LinkFormField): ComponentProps<typeof Input> {
  switch (field) {
    case "amount":
      return { inputMode: "decimal" }
    case "description":
      return { maxLength: DESCRIPTION_MAX_LENGTH }
    case "reference":
      return { maxLength: REFERENCE_ID_MAX_LENGTH }
    case "expiry":
      return { type: "date", min: amsterdamDate(Date.now()) }
    case "payerEmail":
      return { type: "email", maxLength: 254 }
  }
}

export function LinkFormInput({
  id,
  field,
  label,
  problems,
  ...input
}: { id: string; field: LinkFormField; label: string; problems: FieldProblems } & ComponentProps<typeof Input>) {
  const { t } = useTikkieT()
  const count = field === "description" ? descriptionCount(String(input.value ?? "")) : undefined
  return (
    <div className="flex flex-col gap-y-1">
      <Label size="xsmall" htmlFor={id}>
        {label}
      </Label>
      <Input id={id} size="small" aria-invalid={!!problems[field]} {...fieldInput(field)} {...input} />
      {count && (
        <Text
          size="xsmall"
          className={count.full ? "text-ui-fg-subtle font-medium" : "text-ui-fg-muted"}
          aria-live="polite"
          data-testid={`${id}-count`}
        >
          {t(count.full ? "linkForm.descriptionFull" : "linkForm.descriptionCount", {
            used: count.used,
            max: count.max,
          })}
        </Text>
      )}
      {problems[field] && (
        <Text size="xsmall" className="text-ui-fg-error" role="alert" data-testid={`tikkie-field-problem-${field}`}>
          {problems[field]}
        </Text>
      )}
    </div>
  )
}
