import type { Activity, Attribute, Event } from '@kindling/core'
import { isDeleted, orderAttributes } from '@kindling/core'
import { Text } from '@mantine/core'
import { useCallback, useMemo } from 'react'
import { useAttributes } from '../api/attributes'
import { describeValues } from '../lib/attribute-text'
import { useLanguage } from '../lib/i18n'

/**
 * Says an event's values in a few words ('25 pages · Note: felt good'), by its activity's live
 * attributes in the activity's order, in the active language; '' without values. One reading of
 * the attributes for a whole list: the function changes only when they or the language do.
 */
export function useDescribeEventValues(): (event: Event, activity: Activity | undefined) => string {
  const attributesQuery = useAttributes()
  const language = useLanguage()
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
  // A switch of language words the values again: describeValues reads the active language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is read inside
  return useCallback(
    (event, activity) => {
      const own = byActivity.get(event.activityId)
      if (!own || Object.keys(event.attributes).length === 0) return ''
      return describeValues(orderAttributes(own, activity?.attributes ?? []), event.attributes)
    },
    [byActivity, language],
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
