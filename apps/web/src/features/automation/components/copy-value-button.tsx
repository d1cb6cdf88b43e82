import { Button } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useT } from '../../../lib/i18n'

/** How long the button says 'Copied' after a copy. */
const COPIED_MS = 2000

/**
 * Copies `value` to the clipboard and says so on the button for a moment. Where the clipboard
 * cannot be written (an old browser, a page without focus) the value stays on screen to copy by
 * hand, and the button says it failed.
 */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  const t = useT()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), COPIED_MS)
    return () => clearTimeout(timer)
  }, [state])

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={
        state === 'copied' ? (
          <IconCheck size={16} aria-hidden />
        ) : (
          <IconCopy size={16} aria-hidden />
        )
      }
      onClick={handleCopy}
    >
      {state === 'copied' ? t('Copied') : state === 'failed' ? t('Copy failed: select it') : label}
    </Button>
  )
}
