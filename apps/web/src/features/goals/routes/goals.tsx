import type { GoalsTab } from '@kindling/core'
import { hasAnyDoneGoal, isDeleted, toCalendarDay } from '@kindling/core'
import { SegmentedControl, Stack } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useActivities } from '../../../api/activities'
import { useAttributes } from '../../../api/attributes'
import { useHabitDays } from '../../../api/days'
import { useGoals } from '../../../api/goals'
import { HeaderActionButton, HeaderActions } from '../../../components/header-actions'
import { NoHabitsYet } from '../../../components/no-habits'
import { useOpenForm } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useNow } from '../../../lib/use-now'
import { GoalList } from '../components/goal-list'
import { useGoalsTab } from '../hooks/use-goals-tab'

/** Goals (SPEC §2): add goal, and the Todo/Done toggle once a goal is done. */
export function Component() {
  const t = useT()
  const openForm = useOpenForm()
  const [tab, setTab] = useGoalsTab()
  const now = useNow()
  const goals = useGoals()
  const activities = useActivities()
  const habitDays = useHabitDays()
  const attributes = useAttributes()
  const anyDone = hasAnyDoneGoal({
    goals: goals.data ?? [],
    activities: activities.data ?? [],
    days: habitDays.data ?? new Map(),
    today: toCalendarDay(now, getDeviceTimeZone()),
    attributes: attributes.data ?? [],
  })
  // A goal is set on a habit: without one, the next step is adding a habit (issue 51), shown
  // above the sections and their own empty states (SPEC).
  const noHabits =
    activities.isSuccess && !(activities.data ?? []).some((activity) => !isDeleted(activity))

  return (
    <>
      <HeaderActions>
        {anyDone && (
          <SegmentedControl
            aria-label={t('Show goals')}
            size="xs"
            data={[
              { value: 'Todo', label: t('Todo') },
              { value: 'Done', label: t('Done') },
            ]}
            value={tab}
            onChange={(value) => setTab(value as GoalsTab)}
          />
        )}
        <HeaderActionButton
          label={t('Add goal')}
          icon={IconPlus}
          onClick={() => openForm(paths.addGoal())}
        />
      </HeaderActions>
      <Stack gap="lg">
        {noHabits && (
          <NoHabitsYet>{t('Then set a daily, weekly or monthly goal for it here.')}</NoHabitsYet>
        )}
        <GoalList tab={tab} />
      </Stack>
    </>
  )
}
