import { Anchor } from '@mantine/core'
import { type ReactNode, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths'
import { isNativePlatform } from '../../../lib/platform'
import { type PushState, readPushState } from '../api/push'
import { useUserSettings } from '../api/reminders'
import { DeliveryNote, DeliveryNotePlaceholder } from './reminders-shape'

/** Why this browser shows no reminders, shortly: the note stays three lines at 390 px. */
const WHY_NOT_HERE = {
  off: 'notifications are off here',
  blocked: 'notifications are blocked here',
  unsupported: 'this browser has no notifications',
} as const

/**
 * When and how a habit's reminders reach the user (issue 51): the zone their times are in, and
 * whether this browser (or the native app) shows them, e-mail sends them, both or neither, with
 * the way to change it (Account).
 */
export function ReminderDelivery() {
  const settings = useUserSettings()
  const native = isNativePlatform()
  const [push, setPush] = useState<PushState | null>(native ? 'on' : null)
  useEffect(() => {
    if (native) return
    let cancelled = false
    readPushState().then(
      (state) => {
        if (!cancelled) setPush(state)
      },
      () => {
        if (!cancelled) setPush('unsupported')
      },
    )
    return () => {
      cancelled = true
    }
  }, [native])

  // Unreadable settings: the reminders below say why (they cannot be read either).
  if (!settings.data || push === null) return <DeliveryNotePlaceholder />
  const { timeZone, emailReminders, remindersPausedUntil } = settings.data
  const account = (
    <Anchor component={Link} to={paths.me()} size="sm" underline="always">
      Account
    </Anchor>
  )
  const paused = remindersPausedUntil ? `Paused until ${remindersPausedUntil}. ` : ''
  let said: ReactNode
  if (push === 'on') {
    const where = native ? 'on this device' : 'in this browser'
    said = `Sent as notifications ${where}${emailReminders ? ' and by e-mail' : ''}.`
  } else {
    const why = WHY_NOT_HERE[push]
    said = (
      <>
        {emailReminders
          ? `Sent by e-mail only: ${why}.`
          : `Nothing reaches you: ${why}, e-mail off.`}{' '}
        {account}
      </>
    )
  }
  return (
    <DeliveryNote>
      {paused}
      {`Times in ${timeZone}. `}
      {said}
    </DeliveryNote>
  )
}
