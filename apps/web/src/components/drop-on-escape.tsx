import { useWindowEvent } from '@mantine/hooks'

/**
 * The Suspense fallback of something opened whose code is still loading (its first use, on a
 * slow connection): Escape drops the request, as it would close it once shown, instead of it
 * showing after the user said no.
 */
export function DropOnEscape({ onEscape }: { onEscape: () => void }) {
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') onEscape()
  })
  return null
}
