import { DateInput } from '@mantine/dates'

export interface DayInputProps {
  label: string
  value: string | null
  onChange: (day: string | null) => void
  required?: boolean
  clearable?: boolean
  error?: string
}

/** A calendar-day picker (`YYYY-MM-DD` in and out); loaded lazily, see LazyDayInput. */
export default function DayInput({
  label,
  value,
  onChange,
  required,
  clearable,
  error,
}: DayInputProps) {
  return (
    <DateInput
      label={label}
      value={value}
      onChange={onChange}
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      required={required}
      clearable={clearable}
      error={error}
      popoverProps={{ withinPortal: true }}
    />
  )
}
