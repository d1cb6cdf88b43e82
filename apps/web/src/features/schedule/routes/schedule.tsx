import type { Activity, Attribute, ScheduleFilterLike } from '@kindling/core'
import {
  buildScheduleView,
  findEventInPeriod,
  indexGoalTargets,
  isDeleted,
  isMetByOneMoreEvent,
  shouldSwitchToUnscheduled,
  sortByRecent,
  toCalendarDay,
} from '@kindling/core'
import { Checkbox, Stack, Text, Title } from '@mantine/core'
import { useSessionStorage } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useMemo, useState } from 'react'
import { useActivities } from '../../../api/activities'
import { useAttributes } from '../../../api/attributes'
import { useHabitDays } from '../../../api/days'
import { events, usePeriodEvents } from '../../../api/events'
import { useGoals } from '../../../api/goals'
import { HeaderActions } from '../../../components/header-actions'
import { NoHabitsYet } from '../../../components/no-habits'
import { describeProgress } from '../../../components/period-progress'
import { Loading } from '../../../components/placeholders'
import { SegmentedChoice } from '../../../components/segmented-choice'
import { getAuthState } from '../../../lib/auth-state'
import { STORAGE_KEYS } from '../../../lib/constants'
import { useOpenForm } from '../../../lib/form-opener'
import { msg, useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { settle } from '../../../lib/resource'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useNow } from '../../../lib/use-now'
import { rowBudget, useRowLimit } from '../../../lib/use-row-limit'
import { useStableHandler } from '../../../lib/use-stable-handler'
import { useStoredString } from '../../../lib/use-stored-string'
import { type ScheduleCadence, ScheduleItemRow } from '../components/schedule-item-row'

const NO_DAYS = new Map()

/** The sections' titles as core names them, for the catalogs (translated where drawn). */
export const SECTION_TITLES = [
  msg('Today'),
  msg('This Week'),
  msg('This Month'),
  msg('Unscheduled'),
]

const FILTERS: { value: ScheduleFilterLike; label: string }[] = [
  { value: 'all', label: msg('All') },
  { value: 'daily', label: msg('Daily') },
  { value: 'weekly', label: msg('Weekly') },
  { value: 'monthly', label: msg('Monthly') },
  { value: 'unscheduled', label: msg('None') },
]

/**
 * Set when the user picks a filter in this session: from then on the switch of All to
 * Unscheduled (SPEC §2, once per session) no longer applies.
 */
const CHOSEN_KEY = 'scheduleFilterChosen'

function readChosen(): boolean {
  try {
    return window.sessionStorage.getItem(CHOSEN_KEY) === 'true'
  } catch {
    return false
  }
}

function writeChosen(): void {
  try {
    window.sessionStorage.setItem(CHOSEN_KEY, 'true')
  } catch {
    // Without session storage the switch may apply again on the next visit; harmless.
  }
}

function parseFilter(value: string): ScheduleFilterLike {
  return FILTERS.find((filter) => filter.value === value)?.value ?? 'all'
}

/** Schedule (SPEC §2): what is done and undone today, this week and this month. */
export function Component() {
  const t = useT()
  const [storedFilter, setStoredFilter] = useStoredString<string>(STORAGE_KEYS.scheduleType, 'all')
  const [chosen, setChosen] = useState(readChosen)
  const [showDone, setShowDone] = useSessionStorage<boolean>({
    key: 'showDone',
    defaultValue: false,
    getInitialValueInEffect: false,
  })
  const now = useNow()
  const timeZone = getDeviceTimeZone()
  const activitiesQuery = useActivities()
  const attributesQuery = useAttributes()
  const eventsQuery = usePeriodEvents(now)
  const habitDays = useHabitDays()
  const goalsQuery = useGoals()
  const openForm = useOpenForm()

  // All shows as None while habits exist and none is daily, until the user picks a filter this
  // session. The remembered filter stays All: a Daily habit added later shows under Today.
  const remembered = parseFilter(storedFilter)
  const switched =
    !chosen &&
    activitiesQuery.data !== undefined &&
    shouldSwitchToUnscheduled(activitiesQuery.data, remembered)
  const filter: ScheduleFilterLike = switched ? 'unscheduled' : remembered

  function chooseFilter(value: string) {
    writeChosen()
    setChosen(true)
    setStoredFilter(value)
  }

  // A habit's goal of the section's cadence says what its period asks (issue 48).
  const targetOf = useMemo(
    () => indexGoalTargets(goalsQuery.data ?? [], attributesQuery.data ?? []),
    [goalsQuery.data, attributesQuery.data],
  )

  const sections = useMemo(
    () =>
      buildScheduleView({
        activities: sortByRecent(activitiesQuery.data ?? []),
        days: habitDays.data ?? NO_DAYS,
        filter,
        showDone,
        today: toCalendarDay(now, timeZone),
        targetOf,
      }),
    [activitiesQuery.data, habitDays.data, targetOf, filter, showDone, now, timeZone],
  )

  const attributesById = useMemo(
    () => new Map((attributesQuery.data ?? []).map((attribute) => [attribute.id, attribute])),
    [attributesQuery.data],
  )

  function hasRequiredAttributes(activity: Activity): boolean {
    return (attributesQuery.data ?? []).some(
      (attribute: Attribute) =>
        attribute.activityId === activity.id && attribute.required && !attribute.deletedAt,
    )
  }

  /** Logs an event now; answers the write, or nothing when a form opened instead. */
  function logEvent(activity: Activity, cadence: ScheduleCadence): Promise<void> | undefined {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    // An event needing values cannot be logged blind, nor one whose amount the period totals
    // ("20 pages a day"): let the user fill them in.
    const totalled = cadence !== null && targetOf(activity.id, cadence).kind === 'amount'
    if (hasRequiredAttributes(activity) || totalled) {
      openForm(
        paths.addEvent({
          activityId: activity.id,
          defaultDate: toCalendarDay(new Date(), timeZone),
        }),
      )
      return
    }
    // Not through `useCreateEvent`: its pending state would draw the whole schedule again on
    // the tap; the row keeps its own.
    return settle(
      events.create({
        activityId: activity.id,
        eventDate: new Date().toISOString(),
        attributes: {},
      }),
      {
        onSuccess: () => {
          try {
            window.localStorage.setItem(STORAGE_KEYS.lastActivityId, activity.id)
          } catch {
            // Remembering is a convenience.
          }
          notifications.show({
            message: t('Added event'),
            color: 'orange',
          })
        },
      },
    )
  }

  function handleToggle(
    activity: Activity,
    done: boolean,
    cadence: ScheduleCadence,
  ): Promise<void> | undefined {
    if (done && cadence) {
      const event = findEventInPeriod(
        { activityId: activity.id, cadence },
        eventsQuery.data ?? [],
        new Date(),
        timeZone,
      )
      if (event) openForm(paths.updateEvent({ eventId: event.id }))
      return
    }
    return logEvent(activity, cadence)
  }

  const onToggle = useStableHandler(handleToggle)

  const loading = activitiesQuery.isLoading || habitDays.isLoading
  // A user without habits (a new one, on a phone sent here from home) gets the next step, not
  // 'All done!' with nothing to tap (issue 51).
  const noHabits =
    !loading && !(activitiesQuery.data ?? []).some((activity) => !isDeleted(activity))
  // Years of habits: the rows of the first screen at once, the rest right after (issue 19).
  const budget = rowBudget(useRowLimit(!loading))

  return (
    <Stack gap="md">
      <HeaderActions>
        <Checkbox
          label={t('DONE')}
          checked={showDone}
          onChange={(event) => setShowDone(event.currentTarget.checked)}
        />
      </HeaderActions>
      {noHabits ? null : (
        <SegmentedChoice
          label={t('Schedule filter')}
          data={FILTERS.map((choice) => ({ ...choice, label: t(choice.label) }))}
          value={filter}
          onChange={chooseFilter}
        />
      )}
      {loading ? (
        <Loading label={t('Loading schedule')} />
      ) : noHabits ? (
        <NoHabitsYet>{t('What is due today, this week and this month shows here.')}</NoHabitsYet>
      ) : sections.length === 0 ? (
        <Text ta="center" c="dark.1" py="xl" size="lg">
          {t('All done!')}
        </Text>
      ) : (
        // Today, This Week and This Month side by side where they fit (issue 51: the desktop
        // schedule left most of the screen empty), one under the other on a phone.
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
            gap: 'var(--mantine-spacing-lg)',
            alignItems: 'start',
          }}
        >
          {sections.map((section) =>
            budget.spent ? null : (
              <section key={section.key} aria-label={t(section.title)}>
                <Title order={2} size="h5" mb={4}>
                  {t(section.title)}
                </Title>
                <Stack gap={0}>
                  {budget.take(section.items).map((item) => (
                    <ScheduleItemRow
                      key={item.activity.id}
                      activity={item.activity}
                      done={item.done}
                      metByOneMore={isMetByOneMoreEvent(item.progress)}
                      progress={describeProgress(item.progress, attributesById)}
                      over={item.progress?.over ?? false}
                      cadence={section.cadence}
                      onToggle={onToggle}
                    />
                  ))}
                </Stack>
              </section>
            ),
          )}
        </div>
      )}
    </Stack>
  )
}
