import type { Goal, GoalsTab } from '@kindling/core'
import { buildGoalsView, findEventInPeriod, toCalendarDay } from '@kindling/core'
import { Stack } from '@mantine/core'
import { useMemo } from 'react'
import { useActivities } from '../../../api/activities'
import { useAttributes } from '../../../api/attributes'
import { useHabitDays } from '../../../api/days'
import { usePeriodEvents } from '../../../api/events'
import { useGoals } from '../../../api/goals'
import { Loading } from '../../../components/placeholders'
import { useOpenForm } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useNow } from '../../../lib/use-now'
import { useGoalsTab } from '../hooks/use-goals-tab'
import { GoalSection } from './goal-section'

const NO_DAYS = new Map()

export interface GoalListProps {
  /** Todo hides done goals; Done shows all (SPEC §2). Default: the remembered tab. */
  tab?: GoalsTab
  /**
   * Every section open whatever the Goals screen remembers (SPEC §3 forceExpandGoals): the home
   * page's summary is not folded by a choice made on the Goals screen.
   */
  forceExpand?: boolean
}

/**
 * The goals in three sections, Today, This Week and This Month, done-state judged by core in
 * the device zone. Checking a goal logs an event for today; unchecking opens the event that
 * made it done (SPEC §4).
 */
export function GoalList({ tab: tabProp, forceExpand = false }: GoalListProps) {
  const [storedTab] = useGoalsTab()
  const t = useT()
  const tab = tabProp ?? storedTab
  const goalsQuery = useGoals()
  const activitiesQuery = useActivities()
  const now = useNow()
  const eventsQuery = usePeriodEvents(now)
  const habitDays = useHabitDays()
  const attributesQuery = useAttributes()
  const attributes = useMemo(
    () => new Map((attributesQuery.data ?? []).map((attribute) => [attribute.id, attribute])),
    [attributesQuery.data],
  )
  const openForm = useOpenForm()
  const timeZone = getDeviceTimeZone()

  const sections = useMemo(
    () =>
      buildGoalsView({
        goals: goalsQuery.data ?? [],
        activities: activitiesQuery.data ?? [],
        days: habitDays.data ?? NO_DAYS,
        today: toCalendarDay(now, timeZone),
        attributes: attributesQuery.data ?? [],
        tab,
      }),
    [
      goalsQuery.data,
      activitiesQuery.data,
      habitDays.data,
      attributesQuery.data,
      now,
      timeZone,
      tab,
    ],
  )

  function handleToggle(goal: Goal, done: boolean) {
    if (done) {
      const event = findEventInPeriod(goal, eventsQuery.data ?? [], new Date(), timeZone)
      if (event) {
        openForm(paths.updateEvent({ eventId: event.id }))
        return
      }
    }
    openForm(
      paths.addEvent({
        activityId: goal.activityId,
        defaultDate: toCalendarDay(new Date(), timeZone),
      }),
    )
  }

  if (goalsQuery.isLoading || activitiesQuery.isLoading || habitDays.isLoading) {
    return <Loading label={t('Loading goals')} />
  }

  return (
    <Stack gap="md">
      {sections.map((section) => (
        <GoalSection
          key={section.cadence}
          section={section}
          forceExpand={forceExpand}
          attributes={attributes}
          onToggle={handleToggle}
          onEdit={(goal) => openForm(paths.updateGoal({ goalId: goal.id }))}
          onAdd={(cadence) => openForm(paths.addGoal({ cadence }))}
        />
      ))}
    </Stack>
  )
}
