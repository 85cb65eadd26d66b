import { Text } from "@medusajs/ui"
import { DESCRIPTION_MAX_LENGTH } from "../../tikkie/payment-requests/v2/rules"
import { LINK_AMOUNT_MAX_CENTS, LINK_AMOUNT_MIN_CENTS, type LinkFormField, type LinkFormProblem } from "../lib/link-form"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"

export type FieldProblems = Partial<Record<LinkFormField, string>>

/** The link forms' problems as the admin reads them: in euros and words, in the admin's language. */
export function useLinkProblemTexts() {
  const { t, language } = useTikkieT()
  const { money } = useFormat()
  return (problems: Partial<Record<LinkFormField, LinkFormProblem>>): FieldProblems => {
    const values: Record<LinkFormProblem, Record<string, string | number>> = {
      amountInvalid: { example: /^nl\b/i.test(language) ? "12,50" : "12.50" },
      amountMin: { min: money(LINK_AMOUNT_MIN_CENTS) },
      amountMax: { max: money(LINK_AMOUNT_MAX_CENTS) },
      descriptionRequired: {},
      descriptionTooLong: { max: DESCRIPTION_MAX_LENGTH },
      referenceInvalid: {},
      expiryInvalid: {},
      expiryPast: {},
    }
    const out: FieldProblems = {}
    for (const [field, problem] of Object.entries(problems) as Array<[LinkFormField, LinkFormProblem]>) {
      out[field] = t(`linkForm.${problem}`, values[problem])
    }
    return out
  }
}

/** A field's problem, under the field. */
export function FieldProblem({ field, problems }: { field: LinkFormField; problems: FieldProblems }) {
  if (!problems[field]) return null
  return (
    <Text size="xsmall" className="text-ui-fg-error" role="alert" data-testid={`tikkie-field-problem-${field}`}>
      {problems[field]}
    </Text>
  )
}
