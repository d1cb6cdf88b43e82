import { Select } from '@mantine/core'
import { useT } from '../../../lib/i18n'

export interface ActivityFilterProps {
  data: { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
  width: number
  /** Where the user was while this code loaded: on the stand-in (focused), or tapping it. */
  reached?: 'focused' | 'opened'
}

/**
 * History's activity filter: Mantine's Select (its combobox, popover and floating-ui). Its name
 * says "habit", as the translations always did: the Add Event dialog's "Activity" field, opened
 * over History, is then the only match for its label.
 */
export default function ActivityFilter({
  data,
  value,
  onChange,
  width,
  reached,
}: ActivityFilterProps) {
  const t = useT()
  return (
    <Select
      aria-label={t('Filter by habit')}
      data={data}
      value={value}
      onChange={(next) => next !== null && onChange(next)}
      allowDeselect={false}
      w={width}
      defaultDropdownOpened={reached === 'opened'}
      // The focus stays where the user put it: arrows, Enter and Escape work from there on.
      autoFocus={reached !== undefined}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
