import { randomUUID } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { underLockOrBusy } from "../../../utils/lock-timeout"
import { markStep, type StepMarks } from "../../../utils/settlement-timing"
import { inInlineSlotOrHandOver } from "../../utils/inline-settlement-slots"

/**
 * A settlement's lock and inline slot, held from one step to a later one by a callback (locking `execute`
 * renews the lease and frees the key when its holder dies; the slot's open transaction) that waits here
 * until the release step or a compensation ends it: handles of this process, as the lock's are.
 */
const held = new Map<string, { release: () => void; ended: Promise<unknown> }>()

// A hold never outlives a settlement that did not release it by more than this.
const MAX_HOLD_MS = 10 * 60_000

async function hold<R>(
  run: (whileHeld: () => Promise<"released">) => Promise<"released" | R>
): Promise<{ holdId: string } | { refused: R }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let taken!: () => void
  const tookIt = new Promise<"taken">((resolve) => (taken = () => resolve("taken")))
  const ended = run(async () => {
    taken()
    await released
    return "released"
  })
  const first = await Promise.race([tookIt, ended])
  if (first !== "taken") return { refused: first as R }
  const holdId = randomUUID()
  const cap = setTimeout(() => void letGo(holdId), MAX_HOLD_MS)
  cap.unref()
  held.set(holdId, {
    release: () => {
      clearTimeout(cap)
      release()
    },
    ended: ended.catch(() => undefined),
  })
  return { holdId }
}

async function letGo(holdId: string | undefined): Promise<void> {
  const h = holdId ? held.get(holdId) : undefined
  if (!h) return
  held.delete(holdId!)
  h.release()
  await h.ended
}

export type SettlementLock = { holdId?: string; busy?: string; marks: StepMarks }

export const holdSettlementLockStep = createStep(
  "tikkie-hold-settlement-lock",
  async (input: { key: string; waitSeconds?: number; marks?: StepMarks }, { container }) => {
    const before = input.marks ?? markStep([], "start")
    const got = await hold<string>((whileHeld) =>
      underLockOrBusy(container, input.key, whileHeld, (reason) => reason, input.waitSeconds)
    )
    const marks = markStep(before, "lock")
    if ("refused" in got) return new StepResponse<SettlementLock, string>({ busy: got.refused, marks }, "")
    return new StepResponse<SettlementLock, string>({ holdId: got.holdId, marks }, got.holdId)
  },
  async (holdId) => letGo(holdId)
)

export type InlineSlot = { holdId?: string; handedOver?: boolean }

export const holdInlineSlotStep = createStep(
  "tikkie-hold-inline-slot",
  async (_: void, { container }) => {
    const got = await hold<"handed over">((whileHeld) =>
      inInlineSlotOrHandOver<"released" | "handed over">(container, whileHeld, async () => "handed over")
    )
    if ("refused" in got) return new StepResponse<InlineSlot, string>({ handedOver: true }, "")
    return new StepResponse<InlineSlot, string>({ holdId: got.holdId }, got.holdId)
  },
  async (holdId) => letGo(holdId)
)

export const releaseSettlementHoldsStep = createStep(
  "tikkie-release-settlement-holds",
  async (input: { slot?: InlineSlot; lock?: SettlementLock }) => {
    await letGo(input.slot?.holdId)
    await letGo(input.lock?.holdId)
    return new StepResponse(undefined)
  }
)
