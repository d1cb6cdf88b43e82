import type { Activity, Attribute } from '@kindling/core'
import { orderAttributes } from '@kindling/core'
import { useMemo } from 'react'
import { useAttributes } from '../../../api/attributes'

/**
 * The live attributes of `activity`, in the order the activity lists them (then any others of
 * it the list misses, oldest first). Empty while loading or without an activity.
 */
export function useActivityAttributes(activity: Activity | undefined) {
  const query = useAttributes()
  const attributes = useMemo<Attribute[]>(() => {
    if (!activity || !query.data) return []
    const own = query.data.filter(
      (attribute) => attribute.activityId === activity.id && !attribute.deletedAt,
    )
    return orderAttributes(own, activity.attributes)
  }, [activity, query.data])
  return { attributes, isLoading: query.isLoading }
}
