import type { Schedule, ScheduleType } from '@kindling/core'
import { defaultSchedule, getNarrowWeekdayLetters } from '@kindling/core'
import { Checkbox, Group, NumberInput, Select, Stack } from '@mantine/core'

const SCHEDULE_TYPES: ScheduleType[] = ['Unscheduled', 'Daily', 'Weekly', 'Monthly']
/** Monday first (SPEC §9), as getDay() numbers. */
const WEEKDAYS = [
  { value: 1, name: 'Monday' },
  { value: 2, name: 'Tuesday' },
  { value: 3, name: 'Wednesday' },
  { value: 4, name: 'Thursday' },
  { value: 5, name: 'Friday' },
  { value: 6, name: 'Saturday' },
  { value: 0, name: 'Sunday' },
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
  const letters = getNarrowWeekdayLetters('en-US')
  return (
    <Stack gap="xs">
      <Select
        label="Schedule"
        data={SCHEDULE_TYPES}
        value={value.type}
        allowDeselect={false}
        onChange={(type) => {
          if (type && type !== value.type) onChange(defaultSchedule(type as ScheduleType))
        }}
      />
      {value.type === 'Weekly' && (
        <Checkbox.Group
          label="Days"
          value={value.days.map(String)}
          onChange={(days) =>
            onChange({ type: 'Weekly', days: days.map(Number).sort((a, b) => a - b) })
          }
        >
          <Group gap="sm" mt={4}>
            {WEEKDAYS.map((day, index) => (
              <Checkbox
                key={day.value}
                value={String(day.value)}
                label={letters[index]}
                aria-label={day.name}
              />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {value.type === 'Monthly' && (
        <NumberInput
          label="Day of month"
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
