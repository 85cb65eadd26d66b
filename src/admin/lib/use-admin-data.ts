import { useCallback, useEffect, useState } from "react"
import { adminFetch } from "./admin-fetch"

export interface AdminData<T> {
  data?: T
  error?: string
  /** The error itself, for coded refusals the admin words (storeErrorText). */
  failure?: unknown
  loading: boolean
  reload: () => void
}

/**
 * GETs `path` (again when it changes or on reload()), keeping the last answer shown while reloading.
 * Plain state rather than react-query: a plugin's copy of react-query would not share the dashboard's
 * QueryClient when the store resolves another copy.
 */
export function useAdminData<T>(path: string | null): AdminData<T> {
  const [state, setState] = useState<{ data?: T; error?: string; failure?: unknown; loading: boolean }>({
    loading: path !== null,
  })
  const [tick, setTick] = useState(0)
  useEffect(() => {
    if (path === null) return
    let live = true
    setState((s) => ({ ...s, loading: true }))
    adminFetch<T>(path).then(
      (data) => live && setState({ data, loading: false }),
      (e: Error) => live && setState({ error: e.message, failure: e, loading: false })
    )
    return () => {
      live = false
    }
  }, [path, tick])
  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { ...state, reload }
}
