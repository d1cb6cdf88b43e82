import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../../lib/paths'

/** Back to where the user came from after deleting an event; History when opened directly. */
export function useGoBackFromEvent(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (index > 0) navigate(-1)
    else navigate(paths.events(), { replace: true })
  }, [navigate])
}
