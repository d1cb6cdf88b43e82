import { Select } from '@mantine/core'

export interface ActivityFilterProps {
  data: { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
  width: number
  /** Opens the list at once: the user tapped the stand-in while this code loaded. */
  opened?: boolean
}

/** History's activity filter: Mantine's Select (its combobox, popover and floating-ui). */
export default function ActivityFilter({
  data,
  value,
  onChange,
  width,
  opened,
}: ActivityFilterProps) {
  return (
    <Select
      aria-label="Filter by activity"
      data={data}
      value={value}
      onChange={(next) => next !== null && onChange(next)}
      allowDeselect={false}
      w={width}
      defaultDropdownOpened={opened}
      // Opened for a tap on the stand-in: the keyboard (arrows, Escape) works from there on.
      autoFocus={opened}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
