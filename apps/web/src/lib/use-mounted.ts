import { useEffect, useState } from 'react'

/**
 * False on the first render, true from then on. Mantine's modals and drawers remember what had
 * focus (to give it back when they close) when `opened` changes, not when they mount already
 * open: one whose code loads on first use mounts closed and opens on the next render.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}
