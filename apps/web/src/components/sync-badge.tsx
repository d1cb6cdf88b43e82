import { Badge, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCloudExclamation, IconCloudOff, IconCloudUp } from '@tabler/icons-react'
import { useEffect } from 'react'
import { t, useT } from '../lib/i18n'
import { useSyncStatus } from '../lib/sync/store'

/** The notice of a server that keeps failing the sends: one at a time, gone once they are sent. */
const SERVER_FAILING_NOTICE = 'sync-server-failing'

/** What the sign says while the server keeps failing the sends (a 5xx, or no answer in time). */
export function describeServerFailing(pending: number): string {
  return t(
    '{count, plural, one {# change is waiting to be sent: the server answered with an error, and Kindling keeps trying.} other {# changes are waiting to be sent: the server answered with an error, and Kindling keeps trying.}}',
    { count: pending },
  )
}

/**
 * The sign itself (sync-status.tsx says when it shows): "Offline" while the device is offline,
 * with how many changes wait to be sent; "Server error" when the server failed the last tries to
 * send them (not after a single failure, often a passing one). `compact` (a phone's header,
 * beside the title and up to three actions) draws the icon and the count without the word: the
 * whole sign there read "OFFLI…", its count cut off. Loaded once it first shows: its words and
 * Lingui's runtime for their plurals are not part of the first screen's script (decision 163).
 */
export function SyncBadge({ compact }: { compact: boolean }) {
  const t = useT()
  const { online, pending, serverFailing } = useSyncStatus()
  const waiting =
    pending === 0
      ? ''
      : t(
          '{count, plural, one {# change waiting to be sent} other {# changes waiting to be sent}}',
          { count: pending },
        )
  const failing = online && pending > 0 && serverFailing
  // The sign's sentence is its tooltip, which a phone has not: the user is also told once, in a
  // notice they can close, and it goes when the changes are sent.
  useEffect(() => {
    if (!failing) return
    notifications.show({
      id: SERVER_FAILING_NOTICE,
      color: 'red',
      title: t('Changes not sent yet'),
      message: t(
        'The server answered with an error. Your changes are kept on this device, and Kindling keeps trying.',
      ),
      autoClose: false,
    })
    return () => {
      notifications.hide(SERVER_FAILING_NOTICE)
    }
  }, [failing, t])
  const label = failing ? t('Server error') : online ? t('Sending') : t('Offline')
  const count = pending > 0 ? String(pending) : ''
  const shown = compact ? count : [label, count].filter(Boolean).join(' · ')
  const told = failing
    ? describeServerFailing(pending)
    : waiting
      ? t('{label}: {waiting}', { label, waiting })
      : label
  const icon = failing ? (
    <IconCloudExclamation size={14} aria-hidden />
  ) : online ? (
    <IconCloudUp size={14} aria-hidden />
  ) : (
    <IconCloudOff size={14} aria-hidden />
  )
  return (
    // The browser's own tooltip: the badge is not focusable, and a Mantine Tooltip would bring
    // its positioning library along (issue 19).
    <Badge
      title={
        failing
          ? describeServerFailing(pending)
          : waiting || t('Changes will be sent when you are back online')
      }
      variant="light"
      color={failing ? 'red' : online ? 'orange' : 'gray'}
      // Never shrunk to an ellipsis: the title gives way instead.
      style={{ flexShrink: 0 }}
      leftSection={icon}
    >
      {shown && <span aria-hidden>{shown}</span>}
      <VisuallyHidden>{told}</VisuallyHidden>
    </Badge>
  )
}
