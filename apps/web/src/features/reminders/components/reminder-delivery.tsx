import { Anchor } from '@mantine/core'
import { type ReactNode, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useT } from '../../../lib/i18n'
import { formatDay } from '../../../lib/locale-format'
import { paths } from '../../../lib/paths'
import { isNativePlatform } from '../../../lib/platform'
import { type PushState, readPushState } from '../api/push'
import { useUserSettings } from '../api/reminders'
import { DeliveryNote, DeliveryNotePlaceholder, NOT_HERE, sentences } from './reminders-shape'

/**
 * When and how a habit's reminders reach the user (issue 51): the zone their times are in, and
 * whether this browser (or the native app) shows them, e-mail sends them, both or neither, with
 * the way to change it (Account).
 */
export function ReminderDelivery() {
  const t = useT()
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
      {t('Account')}
    </Anchor>
  )
  const paused = remindersPausedUntil
    ? t('Paused until {day}.', { day: formatDay(remindersPausedUntil) })
    : ''
  const times = t('Times in {zone}.', { zone: timeZone })
  let said: ReactNode
  if (push === 'on') {
    const sent = native
      ? emailReminders
        ? t('Sent as notifications on this device and by e-mail.')
        : t('Sent as notifications on this device.')
      : emailReminders
        ? t('Sent as notifications in this browser and by e-mail.')
        : t('Sent as notifications in this browser.')
    said = sentences(paused, times, sent)
  } else {
    const why = t(NOT_HERE[push])
    said = (
      <>
        {sentences(
          paused,
          times,
          emailReminders
            ? t('Sent by e-mail only: {why}.', { why })
            : t('Nothing reaches you: {why}, e-mail off.', { why }),
        )}{' '}
        {account}
      </>
    )
  }
  return <DeliveryNote>{said}</DeliveryNote>
}
