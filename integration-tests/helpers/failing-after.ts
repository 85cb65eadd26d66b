/**
 * The workflow with a step appended after `stepId` that throws: how Medusa's own tests show that a
 * failing later step undoes the earlier ones (their compensation runs).
 */
export function failingAfter<W extends { appendAction: (...args: any[]) => unknown }>(wf: W, stepId: string): W {
  wf.appendAction("throw", stepId, {
    invoke: async function failStep() {
      throw new Error("a later step failed")
    },
  })
  return wf
}
