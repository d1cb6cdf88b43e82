import { Input } from '@mantine/core'
import { IconSelector } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { useIdleAfter } from '../../../lib/idle'
import type { ActivityFilterProps } from './activity-filter'

// A select is a third of History's code (combobox, popover, floating-ui): it comes once the page
// has drawn its events, so it never stands between a first visit and its list.
const ActivityFilter = lazy(() => import('./activity-filter'))
const WIDTH = 220

/**
 * The activity filter, drawn until its code is in as a look-alike that screen readers and the
 * keyboard skip; touching it fetches the code at once and opens the list.
 */
export function LazyActivityFilter({
  ready,
  ...props
}: Omit<ActivityFilterProps, 'opened' | 'width'> & { ready: boolean }) {
  const [idle, now] = useIdleAfter(ready)
  const [opened, setOpened] = useState(false)
  const label = props.data.find((option) => option.value === props.value)?.label ?? ''
  const standIn = (
    <Input
      component="div"
      aria-hidden
      w={WIDTH}
      pointer
      rightSection={<IconSelector size={16} aria-hidden />}
      onPointerDown={() => {
        setOpened(true)
        now()
      }}
    >
      {label}
    </Input>
  )
  if (!idle) return standIn
  return (
    <Suspense fallback={standIn}>
      <ActivityFilter {...props} width={WIDTH} opened={opened} />
    </Suspense>
  )
}
