import type { TikkieCallObserver } from "tikkie-client/core/observer"
import { CallHealthRecorder, type HealthKey } from "../../modules/tikkie/call-health"
import { databaseOf } from "./database-of"

/** The health card's observer of a provider's client: marks go over the shared connection (no plugin module here). */
export function providerHealthObserver(container: Record<string, unknown>, key: HealthKey): TikkieCallObserver {
  return new CallHealthRecorder(() => {
    const connection = databaseOf(container)
    return connection && (async (sql, bindings) => (await connection.raw(sql, bindings as never[])).rows)
  }).observer(key)
}
