import { addDays, toCalendarDay, type UserSettings, type UserSettingsInput } from '@kindling/core'
import { Button, Group, Loader, Stack, Switch, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { LazyDayInput } from '../../../components/lazy-day-input'
import { TitledSection } from '../../../components/titled-section'
import { t, useT } from '../../../lib/i18n'
import { slots, withNodes } from '../../../lib/i18n-nodes'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useDraft } from '../../../lib/use-draft'
import {
  canUseWebPush,
  isSubscribed,
  NotificationsBlockedError,
  PushServiceError,
  subscribeToPush,
  unsubscribeFromPush,
} from '../api/push'
import { useUpdateUserSettings, useUserSettings } from '../api/reminders'
import { OnlineData } from './online-data'

/** How long a pause lasts when switched on: a week, to be changed with the date. */
const DEFAULT_PAUSE_DAYS = 7

/**
 * /me 'Reminders' (issue 18): the time zone reminders follow, e-mail reminders, a pause until a
 * day, and notifications in this browser.
 */
export function ReminderSettings({ email }: { email: string }) {
  const t = useT()
  const settings = useUserSettings()

  return (
    <TitledSection title={t('Reminders')} order={2} gap="sm">
      <OnlineData
        query={settings}
        skeletonHeight={120}
        failure={t('Reminder settings could not be loaded. They can be changed when online.')}
      >
        {(data) => <SettingsFields settings={data} email={email} />}
      </OnlineData>
      {canUseWebPush() ? <BrowserNotifications /> : null}
    </TitledSection>
  )
}

/**
 * The saved settings as switches. Each shows its new state at once (a draft that follows what
 * the server answers), and goes back if the change is not saved.
 */
function SettingsFields({ settings, email }: { settings: UserSettings; email: string }) {
  const t = useT()
  const update = useUpdateUserSettings()
  const deviceTimeZone = getDeviceTimeZone()
  const [emailReminders, setEmailReminders] = useDraft(settings.emailReminders)
  const [pausedUntil, setPausedUntil] = useDraft(settings.remindersPausedUntil)
  // A change not saved takes its own switch back, not another's sent meanwhile.
  const change = (input: UserSettingsInput) =>
    update.mutate(input, {
      onError: () => {
        if (input.emailReminders !== undefined) setEmailReminders(settings.emailReminders)
        if (input.remindersPausedUntil !== undefined) setPausedUntil(settings.remindersPausedUntil)
      },
    })

  return (
    <>
      <Group gap="xs">
        <Text size="sm">
          {withNodes(t('Time zone: {zone}', slots('zone')), {
            zone: (
              <Text span fw={600}>
                {settings.timeZone}
              </Text>
            ),
          })}
        </Text>
        {settings.timeZone !== deviceTimeZone ? (
          <Button
            size="compact-sm"
            variant="subtle"
            loading={update.isPending && update.variables?.timeZone !== undefined}
            onClick={() => change({ timeZone: deviceTimeZone })}
          >
            {t("Use this device's ({zone})", { zone: deviceTimeZone })}
          </Button>
        ) : null}
      </Group>
      <Switch
        label={t('E-mail reminders')}
        // Its name is the label alone: Mantine's <label> holds the description too.
        aria-label={t('E-mail reminders')}
        description={t('Also send each reminder to {email}.', { email })}
        checked={emailReminders}
        onChange={(event) => {
          const on = event.currentTarget.checked
          setEmailReminders(on)
          change({ emailReminders: on })
        }}
      />
      <PauseReminders
        pausedUntil={pausedUntil}
        timeZone={settings.timeZone}
        onChange={(remindersPausedUntil) => {
          setPausedUntil(remindersPausedUntil)
          change({ remindersPausedUntil })
        }}
      />
      {update.isError ? (
        <Text role="alert" size="sm" c="red.4">
          {t('Not saved: {error}', { error: update.error.message })}
        </Text>
      ) : null}
    </>
  )
}

function PauseReminders({
  pausedUntil,
  timeZone,
  onChange,
}: {
  pausedUntil: string | null
  timeZone: string
  onChange: (day: string | null) => void
}) {
  const t = useT()
  const today = toCalendarDay(new Date(), timeZone)
  return (
    <Stack gap="xs">
      <Switch
        label={t('Pause reminders')}
        aria-label={t('Pause reminders')}
        description={t('None are sent until the day after the one you choose, e.g. on holiday.')}
        checked={pausedUntil !== null}
        onChange={(event) =>
          onChange(event.currentTarget.checked ? addDays(today, DEFAULT_PAUSE_DAYS) : null)
        }
      />
      {pausedUntil !== null ? (
        <LazyDayInput
          label={t('Paused until')}
          minDate={today}
          value={pausedUntil}
          onChange={(day) => {
            if (day) onChange(day)
          }}
        />
      ) : null}
    </Stack>
  )
}

/** Notifications in this browser: a Web Push subscription given to the server. */
function BrowserNotifications() {
  const t = useT()
  const [subscribed, setSubscribed] = useState<boolean | null>(null)
  const [busy, setBusy] = useState<'on' | 'off' | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    isSubscribed().then(
      (value) => {
        if (!cancelled) setSubscribed(value)
      },
      () => {
        if (!cancelled) setSubscribed(false)
      },
    )
    return () => {
      cancelled = true
    }
  }, [])

  async function toggle(on: boolean) {
    setBusy(on ? 'on' : 'off')
    setProblem(null)
    try {
      if (on) await subscribeToPush()
      else await unsubscribeFromPush()
      setSubscribed(on)
    } catch (error) {
      console.error(error)
      setProblem(describePushProblem(error, on))
    } finally {
      setBusy(null)
    }
  }

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Switch
          label={t('Notifications in this browser')}
          aria-label={t('Notifications in this browser')}
          description={t('Reminders appear on this device with Done and Snooze 1 hour.')}
          // While it is being switched it shows the new state, and a spinner says it is under way.
          checked={busy ? busy === 'on' : (subscribed ?? false)}
          disabled={subscribed === null || busy !== null}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        {busy ? (
          <Group gap={6} wrap="nowrap" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="gray.5">
              {busy === 'on' ? t('Turning on…') : t('Turning off…')}
            </Text>
          </Group>
        ) : null}
      </Group>
      {problem ? (
        <Text role="alert" size="sm" c="red.4">
          {problem}
        </Text>
      ) : null}
    </Stack>
  )
}

/** Why the switch could not be switched, in words a user can act on. */
function describePushProblem(error: unknown, on: boolean): string {
  if (error instanceof NotificationsBlockedError) {
    return t("Notifications are blocked for this site in the browser's settings.")
  }
  if (error instanceof PushServiceError) {
    return t(
      "This browser's push service could not be reached, so notifications cannot be turned on here right now. Check the connection and try again; e-mail reminders do not need it.",
    )
  }
  const why = error instanceof Error ? error.message : String(error)
  return on
    ? t('Notifications could not be turned on: {error}', { error: why })
    : t('Notifications could not be turned off: {error}', { error: why })
}
