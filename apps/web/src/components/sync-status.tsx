import { Badge, VisuallyHidden } from '@mantine/core'
import { IconCloudOff, IconCloudUp } from '@tabler/icons-react'
import { useSyncStatus } from '../lib/sync/store'

/**
 * A small, polite sign in the header: "Offline" while the device is offline, with how many
 * changes wait to be sent; gone once everything is sent and the device is online. `compact`
 * (a phone's header, beside the title and up to three actions) draws the icon and the count
 * without the word: the whole sign there read "OFFLI…", its count cut off.
 */
export function SyncStatus({ compact = false }: { compact?: boolean }) {
  const { online, pending, loaded } = useSyncStatus()
  const waiting =
    pending === 0 ? '' : `${pending} ${pending === 1 ? 'change' : 'changes'} waiting to be sent`
  const visible = loaded && (!online || pending > 0)
  const label = online ? 'Sending' : 'Offline'
  const count = pending > 0 ? String(pending) : ''
  const shown = compact ? count : [label, count].filter(Boolean).join(' · ')
  return (
    <div role="status" aria-live="polite" style={{ display: 'contents' }}>
      {visible && (
        // The browser's own tooltip: the badge is not focusable, and a Mantine Tooltip would
        // bring its positioning library into the first screen's script (issue 19).
        <Badge
          title={waiting || 'Changes will be sent when you are back online'}
          variant="light"
          color={online ? 'orange' : 'gray'}
          // Never shrunk to an ellipsis: the title gives way instead.
          style={{ flexShrink: 0 }}
          leftSection={
            online ? <IconCloudUp size={14} aria-hidden /> : <IconCloudOff size={14} aria-hidden />
          }
        >
          {shown && <span aria-hidden>{shown}</span>}
          <VisuallyHidden>{[label, waiting].filter(Boolean).join(': ')}</VisuallyHidden>
        </Badge>
      )}
    </div>
  )
}
