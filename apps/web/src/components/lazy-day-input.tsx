import { TextInput } from '@mantine/core'
import { Suspense } from 'react'
import { preloadable } from '../lib/preloadable'
import type { DayInputProps } from './day-input'

// The date picker is heavy; keep it out of the first load (DESIGN §2).
const DayInput = preloadable(() => import('./day-input'))

/** The date picker's code, fetched ahead of a form that shows it (issue 55). */
export const preloadDayInput = DayInput.preload

/** DayInput, with a read-only stand-in of the same label while its code loads. */
export function LazyDayInput(props: DayInputProps) {
  return (
    <Suspense
      fallback={
        <TextInput
          label={props.label}
          description={props.description}
          value={props.value ?? ''}
          readOnly
          disabled
        />
      }
    >
      <DayInput.Component {...props} />
    </Suspense>
  )
}
