import { getNarrowWeekdayLetters, type Language } from '@kindling/core'
import { Checkbox, Group } from '@mantine/core'
import { useMemo } from 'react'
import { useLanguage, useT } from '../lib/i18n'

/** Monday first (SPEC §9), as getDay() numbers; 2024-01-01 was a Monday. */
const WEEKDAY_NUMBERS = [1, 2, 3, 4, 5, 6, 0]

/** The weekdays in `language`: each one's letter, and its full name for screen readers. */
function weekdaysIn(language: Language) {
  const locale = language === 'en' ? 'en-US' : language
  const letters = getNarrowWeekdayLetters(locale)
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
  return WEEKDAY_NUMBERS.map((value, index) => {
    const name = long.format(new Date(Date.UTC(2024, 0, 1 + index)))
    return { value, name, letter: letters[index] ?? name.charAt(0) }
  })
}

/**
 * 'Days': a checkbox per weekday, shown by its letter and named in full for screen readers, in
 * the user's language; the chosen days come back sorted. Seven fit on one line of a phone.
 */
export function WeekdayCheckboxes({
  value,
  onChange,
}: {
  value: readonly number[]
  onChange: (days: number[]) => void
}) {
  const t = useT()
  const language = useLanguage()
  const weekdays = useMemo(() => weekdaysIn(language), [language])
  return (
    <Checkbox.Group
      label={t('Days')}
      value={value.map(String)}
      onChange={(days) => onChange(days.map(Number).sort((a, b) => a - b))}
    >
      <Group gap={8} mt={4}>
        {weekdays.map((day) => (
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
