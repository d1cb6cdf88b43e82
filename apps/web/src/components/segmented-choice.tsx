import { type KeyboardEvent, useRef } from 'react'
import classes from './segmented-choice.module.css'

interface SegmentedChoiceProps<T extends string> {
  /** The group's accessible name. */
  label: string
  data: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}

/** The arrow keys' steps through the choices, left and right as the text runs. */
const STEPS: Record<string, (rtl: boolean) => number> = {
  ArrowDown: () => 1,
  ArrowUp: () => -1,
  ArrowRight: (rtl) => (rtl ? -1 : 1),
  ArrowLeft: (rtl) => (rtl ? 1 : -1),
}

/**
 * One choice of a few, side by side, as Mantine's SegmentedControl shows it: a radio group
 * whose arrow keys move the choice (WAI-ARIA's radio group). Its radios are buttons named by
 * their text, not inputs with labels: the habits' 'Name' sort is then no second match for a
 * form's "Name" field found by its label, nor 'Recently updated' for its "Date". Mantine's
 * control measures its items after mounting to place a sliding highlight, a synchronous second
 * drawing and a forced layout in the first screen's task (issue 19); here CSS styles the chosen.
 */
export function SegmentedChoice<T extends string>({
  label,
  data,
  value,
  onChange,
}: SegmentedChoiceProps<T>) {
  const radios = useRef<(HTMLButtonElement | null)[]>([])
  const chosen = data.findIndex((item) => item.value === value)

  const choose = (index: number) => {
    radios.current[index]?.focus()
    const item = data[index]
    if (item && item.value !== value) onChange(item.value)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key]
    let next: number
    if (step) {
      const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
      next = (Math.max(chosen, 0) + step(rtl) + data.length) % data.length
    } else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = data.length - 1
    else return
    event.preventDefault()
    choose(next)
  }

  return (
    <div role="radiogroup" aria-label={label} className={classes.root} onKeyDown={onKeyDown}>
      {data.map((item, index) => {
        const active = index === chosen
        return (
          <div key={item.value} className={classes.item} data-active={active || undefined}>
            {/* biome-ignore lint/a11y/useSemanticElements: an input is named by a label (decision 176) */}
            <button
              ref={(radio) => {
                radios.current[index] = radio
              }}
              type="button"
              role="radio"
              aria-checked={active}
              // One stop for Tab, on the chosen radio (the first when none is).
              tabIndex={active || (chosen < 0 && index === 0) ? 0 : -1}
              className={classes.radio}
              onClick={() => choose(index)}
            >
              {item.label}
            </button>
          </div>
        )
      })}
    </div>
  )
}
