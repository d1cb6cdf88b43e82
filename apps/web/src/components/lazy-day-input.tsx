import { TextInput } from '@mantine/core'
import { lazy, Suspense } from 'react'
import type { DayInputProps } from './day-input'

// The date picker is heavy; keep it out of the first load (DESIGN §2).
const DayInput = lazy(() => import('./day-input'))

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
      <DayInput {...props} />
    </Suspense>
  )
}
