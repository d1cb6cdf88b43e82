import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../lib/paths'

/** Goes back in history, or home when the page was opened directly (no history to go to). */
export function useGoBack(fallback: string = paths.home()): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (index > 0) navigate(-1)
    else navigate(fallback, { replace: true })
  }, [navigate, fallback])
}
