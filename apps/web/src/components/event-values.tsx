import type { Activity, Attribute, Event } from '@kindling/core'
import { describeEventValues, isDeleted, orderAttributes } from '@kindling/core'
import { Text } from '@mantine/core'
import { useCallback, useMemo } from 'react'
import { useAttributes } from '../api/attributes'

/**
 * Says an event's values in a few words ('25 pages · Note: felt good'), by its activity's live
 * attributes in the activity's order; '' without values. One reading of the attributes for a
 * whole list: the function changes only when they do.
 */
export function useDescribeEventValues(): (event: Event, activity: Activity | undefined) => string {
  const attributesQuery = useAttributes()
  const byActivity = useMemo(() => {
    const map = new Map<string, Attribute[]>()
    for (const attribute of attributesQuery.data ?? []) {
      if (isDeleted(attribute)) continue
      const list = map.get(attribute.activityId)
      if (list) list.push(attribute)
      else map.set(attribute.activityId, [attribute])
    }
    return map
  }, [attributesQuery.data])
  return useCallback(
    (event, activity) => {
      const own = byActivity.get(event.activityId)
      if (!own || Object.keys(event.attributes).length === 0) return ''
      return describeEventValues(orderAttributes(own, activity?.attributes ?? []), event.attributes)
    },
    [byActivity],
  )
}

/** An event's values under its row: short, at most two lines, the rest cut with an ellipsis. */
export function EventValues({ text }: { text: string }) {
  if (!text) return null
  return (
    <Text size="sm" c="dark.1" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  )
}
