import { useEffect, useRef } from "react"
import { useLocation } from "react-router-dom"

/**
 * Calls `reload` when the admin comes back to the page: when the dashboard's address changes under it
 * (Medusa's order drawers, such as its Refund form, are child routes: the page's widgets stay mounted under
 * them and are not told when one saves and closes) and when the browser window regains focus (work done
 * in another tab). Not on the first render: the data was just read.
 */
export function useReloadOnReturn(reload: () => void): void {
  const latest = useRef(reload)
  latest.current = reload
  const { pathname } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    latest.current()
  }, [pathname])
  useEffect(() => {
    const onFocus = () => latest.current()
    window.addEventListener("focus", onFocus)
    return () => window.removeEventListener("focus", onFocus)
  }, [])
}
