import { DateInput } from '@mantine/dates'
import { useState } from 'react'

export interface DayInputProps {
  label: string
  description?: string
  value: string | null
  onChange: (day: string | null) => void
  required?: boolean
  clearable?: boolean
  error?: string
}

/** A calendar-day picker (`YYYY-MM-DD` in and out); loaded lazily, see LazyDayInput. */
export default function DayInput({
  label,
  description,
  value,
  onChange,
  required,
  clearable,
  error,
}: DayInputProps) {
  const [calendarOpened, setCalendarOpened] = useState(false)
  return (
    <DateInput
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      required={required}
      clearable={clearable}
      error={error}
      // A dialog closes on any Escape (seen on the window before the field) unless its target
      // says the key is the field's own, as Mantine's Select does while its options are open:
      // Escape then closes only the calendar, and a second one the dialog.
      data-mantine-stop-propagation={calendarOpened || undefined}
      popoverProps={{
        withinPortal: true,
        onOpen: () => setCalendarOpened(true),
        onClose: () => setCalendarOpened(false),
      }}
    />
  )
}
