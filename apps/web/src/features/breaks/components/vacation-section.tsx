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
 * /me 'Vacation' (issue 49): a break of every habit from one day to another: streaks wait,
 * nothing is due and no reminder comes. 'Pause reminders' beside it only silences reminders.
 */
export function VacationSection() {
  const t = useT()
  const today = toCalendarDay(useNow(), getDeviceTimeZone())
  const breaks = useBreaks()
  const create = useCreateBreak()
  const remove = useDeleteBreak()
  const vacations = (breaks.data ?? [])
    .filter((brk) => brk.activityId === null && brk.to >= today)
    .reverse()
  return (
    <TitledSection title={t('Vacation')} order={2} gap="sm">
      <Text size="sm" c="dimmed">
        {t(
          'Pauses every habit: streaks wait for you, nothing is due and no reminders come. To only silence reminders, pause them below.',
        )}
      </Text>
      <BreakList
        label={t('Vacations')}
        breaks={vacations}
        onRemove={(brk) => remove.mutate(brk.id)}
      />
      <BreakRangeForm
        today={today}
        submitLabel={t('Go on vacation')}
        pending={create.isPending}
        onSubmit={({ from, to }) => create.mutate({ activityId: null, from, to })}
      />
    </TitledSection>
  )
}
