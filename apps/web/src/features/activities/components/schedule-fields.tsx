import type { Schedule, ScheduleType } from '@kindling/core'
import { defaultSchedule } from '@kindling/core'
import { NumberInput, Select, Stack } from '@mantine/core'
import { WeekdayCheckboxes } from '../../../components/weekday-checkboxes'
import { type MessageKey, msg, useT } from '../../../lib/i18n'

const SCHEDULE_TYPES: readonly { value: ScheduleType; label: MessageKey }[] = [
  { value: 'Unscheduled', label: msg('Unscheduled') },
  { value: 'Daily', label: msg('Daily') },
  { value: 'Weekly', label: msg('Weekly') },
  { value: 'Monthly', label: msg('Monthly') },
]

export interface ScheduleFieldsProps {
  value: Schedule
  onChange: (schedule: Schedule) => void
  /** Called when the day-of-month field loses focus (the settings tab saves then). */
  onDayOfMonthBlur?: () => void
}

/**
 * Schedule type and its own fields. A type change resets the schedule to that type's defaults
 * (SPEC §4): Weekly starts with no days, Monthly on day 1.
 */
export function ScheduleFields({ value, onChange, onDayOfMonthBlur }: ScheduleFieldsProps) {
  const t = useT()
  return (
    <Stack gap="xs">
      <Select
        label={t('Schedule')}
        data={SCHEDULE_TYPES.map((type) => ({ value: type.value, label: t(type.label) }))}
        value={value.type}
        allowDeselect={false}
        onChange={(type) => {
          if (type && type !== value.type) onChange(defaultSchedule(type as ScheduleType))
        }}
      />
      {value.type === 'Weekly' && (
        <WeekdayCheckboxes
          value={value.days}
          onChange={(days) => onChange({ type: 'Weekly', days })}
        />
      )}
      {value.type === 'Monthly' && (
        <NumberInput
          label={t('Day of month')}
          min={1}
          max={31}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={value.dayOfMonth}
          onChange={(day) => {
            const dayOfMonth = typeof day === 'number' ? day : Number.parseInt(day, 10)
            if (Number.isInteger(dayOfMonth) && dayOfMonth >= 1 && dayOfMonth <= 31) {
              onChange({ type: 'Monthly', dayOfMonth })
            }
          }}
          onBlur={onDayOfMonthBlur}
        />
      )}
    </Stack>
  )
}
