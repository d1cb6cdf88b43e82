import { Input } from '@mantine/core'
import { IconSelector } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { useIdleAfter } from '../../../lib/idle'
import type { ActivityFilterProps } from './activity-filter'

// A select is a third of History's code (combobox, popover, floating-ui): it comes once the page
// has drawn its events, so it never stands between a first visit and its list.
const ActivityFilter = lazy(() => import('./activity-filter'))
const WIDTH = 220

/**
 * The activity filter, drawn until its code is in as a look-alike button of the same name:
 * focusing it fetches the code at once and hands the focus over, a tap also opens the list.
 */
export function LazyActivityFilter({
  ready,
  ...props
}: Omit<ActivityFilterProps, 'reached' | 'width'> & { ready: boolean }) {
  const t = useT()
  const [idle, now] = useIdleAfter(ready)
  const [reached, setReached] = useState<ActivityFilterProps['reached']>()
  const label = props.data.find((option) => option.value === props.value)?.label ?? ''
  const reach = (how: 'focused' | 'opened') => {
    setReached((was) => (was === 'opened' ? was : how))
    now()
  }
  const standIn = (
    <Input
      component="button"
      type="button"
      aria-label={t('Filter by habit')}
      aria-haspopup="listbox"
      w={WIDTH}
      pointer
      rightSection={<IconSelector size={16} aria-hidden />}
      onFocus={() => reach('focused')}
      onPointerDown={() => reach('opened')}
      onClick={() => reach('opened')}
    >
      {label}
    </Input>
  )
  if (!idle) return standIn
  return (
    <Suspense fallback={standIn}>
      <ActivityFilter {...props} width={WIDTH} reached={reached} />
    </Suspense>
  )
}
