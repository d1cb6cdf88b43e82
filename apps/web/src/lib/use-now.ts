import { useEffect, useState } from 'react'

/**
 * The current time, refreshed every `intervalMs`, so "today", streaks and relative times follow
 * the clock (and midnight) while a screen stays open.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}
