import { TextInput } from '@mantine/core'
import { Suspense, useState } from 'react'
import { useT } from '../lib/i18n'
import { preloadable } from '../lib/preloadable'
import type { DayInputProps } from './day-input'

// The date picker is heavy; keep it out of the first load (DESIGN §2).
const DayInput = preloadable(() => import('./day-input'))

/** The date picker's code, fetched ahead of a form that shows it (issue 55). */
export const preloadDayInput = DayInput.preload

/**
 * DayInput, with a read-only stand-in while its code loads: the same label, day, placeholder,
 * required mark and error, drawn as the field will be (not greyed as a disabled one), so that
 * nothing moves or changes colour when the picker comes in. A stand-in clicked or tabbed into
 * hands its focus on to the picker, whose calendar then opens: the click is not lost.
 */
export function LazyDayInput(props: DayInputProps) {
  const t = useT()
  const [focused, setFocused] = useState(false)
  return (
    <Suspense
      fallback={
        <TextInput
          label={props.label}
          description={props.description}
          placeholder={t('YYYY-MM-DD')}
          required={props.required}
          error={props.error}
          value={props.value ?? ''}
          readOnly
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      }
    >
      <DayInput.Component {...props} focusOnMount={focused} />
    </Suspense>
  )
}
