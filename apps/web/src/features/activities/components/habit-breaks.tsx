import type { Activity } from '@kindling/core'
import { toCalendarDay } from '@kindling/core'
import { Text } from '@mantine/core'
import { useBreaks, useCreateBreak, useDeleteBreak } from '../../../api/breaks'
import { BreakList } from '../../../components/break-list'
import { BreakRangeForm } from '../../../components/break-range-form'
import { TitledSection } from '../../../components/titled-section'
import { useT } from '../../../lib/i18n'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useNow } from '../../../lib/use-now'

/**
 * A habit's 'Take a break' (issue 49): From and To days during which it is neither done nor
 * missed, and its breaks not over yet, each removable.
 */
export function HabitBreaks({ activity }: { activity: Activity }) {
  const t = useT()
  const today = toCalendarDay(useNow(), getDeviceTimeZone())
  const breaks = useBreaks({ activityId: activity.id })
  const create = useCreateBreak()
  const remove = useDeleteBreak()
  const current = (breaks.data ?? []).filter((brk) => brk.to >= today).reverse()
  return (
    <TitledSection title={t('Take a break')} order={3}>
      <Text size="sm" c="dimmed">
        {t('Days off are neither done nor missed: streaks wait, nothing is due, no reminders.')}
      </Text>
      <BreakList
        label={t('Breaks of {name}', { name: activity.name })}
        breaks={current}
        onRemove={(brk) => remove.mutate(brk.id)}
      />
      <BreakRangeForm
        today={today}
        submitLabel={t('Take a break')}
        pending={create.isPending}
        onSubmit={({ from, to }) => create.mutate({ activityId: activity.id, from, to })}
      />
    </TitledSection>
  )
}
