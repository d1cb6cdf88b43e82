import { getNarrowWeekdayLetters } from '@kindling/core'
import { Checkbox, Group } from '@mantine/core'

const letters = getNarrowWeekdayLetters('en-US')

/** Monday first (SPEC §9), as getDay() numbers. */
const WEEKDAYS = [
  { value: 1, name: 'Monday' },
  { value: 2, name: 'Tuesday' },
  { value: 3, name: 'Wednesday' },
  { value: 4, name: 'Thursday' },
  { value: 5, name: 'Friday' },
  { value: 6, name: 'Saturday' },
  { value: 0, name: 'Sunday' },
].map((day, index) => ({ ...day, letter: letters[index] ?? day.name.charAt(0) }))

/**
 * 'Days': a checkbox per weekday, shown by its letter and named in full for screen readers;
 * the chosen days come back sorted. Seven fit on one line of a phone.
 */
export function WeekdayCheckboxes({
  value,
  onChange,
}: {
  value: readonly number[]
  onChange: (days: number[]) => void
}) {
  return (
    <Checkbox.Group
      label="Days"
      value={value.map(String)}
      onChange={(days) => onChange(days.map(Number).sort((a, b) => a - b))}
    >
      <Group gap={8} mt={4}>
        {WEEKDAYS.map((day) => (
          <Checkbox
            key={day.value}
            value={String(day.value)}
            label={day.letter}
            aria-label={day.name}
            styles={{ label: { paddingInlineStart: 6 } }}
          />
        ))}
      </Group>
    </Checkbox.Group>
  )
}
