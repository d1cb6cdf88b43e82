import { isValidCalendarDay, toCalendarDay } from '@kindling/core'
import { Input, Popover, TextInput } from '@mantine/core'
import { Calendar, type CalendarLevel } from '@mantine/dates'
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useDayjsLocale } from '../lib/dayjs-locale'
import { useT } from '../lib/i18n'
import { getDeviceTimeZone } from '../lib/time-zone'
import { DecadeGrid, sameMonthIn } from './decade-grid'

export interface DayInputProps {
  label: string
  description?: string
  value: string | null
  onChange: (day: string | null) => void
  required?: boolean
  clearable?: boolean
  error?: string
  /** The first day that may be picked (`YYYY-MM-DD`); earlier days, months and years are disabled. */
  minDate?: string
}

/**
 * A calendar-day picker (`YYYY-MM-DD` in and out) whose calendar has the levels month, year and
 * decade (SPEC §4), the decade drawn as SPEC §9's 12 years in 4 rows of 3: Mantine's DateInput
 * draws its own 10-year decade and takes no other, so the field and its popover are put together
 * here. Typing a whole valid day picks it; leaving the field shows the picked day again. Loaded
 * lazily, see LazyDayInput.
 */
export default function DayInput({
  label,
  description,
  value,
  onChange,
  required,
  clearable,
  error,
  minDate,
  focusOnMount = false,
}: DayInputProps & {
  /** Takes the focus when it comes in, unless something else has it (see LazyDayInput). */
  focusOnMount?: boolean
}) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  // The calendar's month and weekday names in the active language once dayjs has loaded it.
  useDayjsLocale()
  const [opened, setOpened] = useState(false)
  // What the user is typing, until it is left or a day is picked; the picked day shows otherwise.
  const [draft, setDraft] = useState<string | null>(null)
  const [level, setLevel] = useState<CalendarLevel>('month')
  const [shown, setShown] = useState(() => value ?? toCalendarDay(new Date(), getDeviceTimeZone()))

  // The stand-in was focused while this code loaded (a click or a Tab into the field): the focus
  // went with it when it left, and comes here, opening the calendar as the click would have.
  useEffect(() => {
    const active = document.activeElement
    if (focusOnMount && (active === null || active === document.body)) input.current?.focus()
  }, [focusOnMount])

  // The calendar opens on the picked day's month, also when the day is set from outside.
  useEffect(() => {
    if (value) setShown(value)
  }, [value])

  const open = () => {
    if (opened) return
    setLevel('month')
    setOpened(true)
  }
  const pick = (day: string | null) => {
    onChange(day)
    setDraft(null)
    setOpened(false)
  }
  /** Shows `year` at the year level, in the month shown so far. */
  const showYear = (year: number) => setShown(sameMonthIn(shown, year))

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value
    setDraft(typed)
    open()
    const day = typed.trim()
    if (day === '' && clearable) onChange(null)
    else if (isValidCalendarDay(day) && (minDate === undefined || day >= minDate)) {
      onChange(day)
      setShown(day)
    }
  }
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setOpened(false)
  }

  return (
    <Popover
      opened={opened}
      onDismiss={() => setOpened(false)}
      position="bottom-start"
      trapFocus={false}
      withRoles={false}
      withinPortal
    >
      <Popover.Target>
        <TextInput
          ref={input}
          label={label}
          description={description}
          placeholder={t('YYYY-MM-DD')}
          required={required}
          error={error}
          autoComplete="off"
          data-dates-input
          value={draft ?? value ?? ''}
          onChange={handleChange}
          onFocus={open}
          onClick={open}
          onBlur={() => {
            setOpened(false)
            setDraft(null)
          }}
          onKeyDown={handleKeyDown}
          // A dialog closes on any Escape (seen on the window before the field) unless its
          // target says the key is the field's own, as Mantine's Select does while its options
          // are open: Escape then closes only the calendar, and a second one the dialog.
          data-mantine-stop-propagation={opened || undefined}
          rightSection={
            clearable && value ? (
              <Input.ClearButton
                aria-label={t('Clear {label}', { label })}
                onClick={() => pick(null)}
              />
            ) : undefined
          }
        />
      </Popover.Target>
      {/* Clicks in the calendar keep the focus in the field, as a date picker's do. */}
      <Popover.Dropdown data-dates-dropdown onMouseDown={(event) => event.preventDefault()}>
        {level === 'decade' ? (
          <DecadeGrid
            year={Number(shown.slice(0, 4))}
            onYear={(year) => {
              showYear(year)
              setLevel('year')
            }}
            onShowYear={showYear}
            minYear={minDate ? Number(minDate.slice(0, 4)) : undefined}
          />
        ) : (
          <Calendar
            __preventFocus
            date={shown}
            onDateChange={(date) => setShown(date.slice(0, 10))}
            level={level}
            onLevelChange={setLevel}
            maxLevel="decade"
            minDate={minDate}
            previousLabel={level === 'year' ? t('Previous year') : t('Previous month')}
            nextLabel={level === 'year' ? t('Next year') : t('Next month')}
            getMonthControlProps={(date) => ({ selected: date.slice(0, 7) === value?.slice(0, 7) })}
            getDayProps={(date) => {
              const day = date.slice(0, 10)
              return {
                selected: day === value,
                onClick: () => pick(clearable && day === value ? null : day),
              }
            }}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  )
}
