import { useId } from 'react'
import classes from './segmented-choice.module.css'

interface SegmentedChoiceProps<T extends string> {
  /** The group's accessible name. */
  label: string
  data: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}

/**
 * One choice of a few, side by side, as Mantine's SegmentedControl shows it: a radio group
 * (arrow keys move the choice, each radio named by its label). Mantine's measures its items
 * after mounting to place a sliding highlight, a synchronous second drawing and a forced layout
 * in the first screen's task (issue 19); here the chosen item is styled by CSS alone.
 */
export function SegmentedChoice<T extends string>({
  label,
  data,
  value,
  onChange,
}: SegmentedChoiceProps<T>) {
  const name = useId()
  return (
    <div role="radiogroup" aria-label={label} className={classes.root}>
      {data.map((item) => {
        const id = `${name}-${item.value}`
        const active = item.value === value
        return (
          <div key={item.value} className={classes.item} data-active={active || undefined}>
            <input
              type="radio"
              className={classes.input}
              id={id}
              name={name}
              value={item.value}
              checked={active}
              onChange={() => onChange(item.value)}
            />
            <label htmlFor={id} className={classes.label}>
              {item.label}
            </label>
          </div>
        )
      })}
    </div>
  )
}
