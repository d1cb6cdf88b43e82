import type { Activity, Event } from '@kindling/core'
import { toCalendarDay } from '@kindling/core'
import { Button, Center, Stack, Text } from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useActivities } from '../../../api/activities'
import { useEventPages } from '../../../api/event-pages'
import { useDescribeEventValues } from '../../../components/event-values'
import { Loading } from '../../../components/placeholders'
import { useT } from '../../../lib/i18n'
import { formatDay } from '../../../lib/locale-format'
import { paths } from '../../../lib/paths'
import { formatRelative } from '../../../lib/relative-time'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useNow } from '../../../lib/use-now'
import { rowBudget, useRowLimit } from '../../../lib/use-row-limit'
import { useStableHandler } from '../../../lib/use-stable-handler'
import { EventRow } from './event-row'

export interface EventListProps {
  /** Only this activity's events; null or absent for all. */
  activityId?: string | null
  /** Shown when there are no events. */
  emptyText?: string
}

/**
 * The history list (SPEC §2): events newest first with their activity, relative time and values,
 * loaded a page at a time as the user scrolls ('Load more' for keyboards and old browsers).
 * Events of deleted activities are hidden with them.
 */
export function EventList({ activityId = null, emptyText }: EventListProps) {
  const t = useT()
  const pages = useEventPages(activityId)
  const activitiesQuery = useActivities()
  const navigate = useNavigate()
  const location = useLocation()
  const tick = useNow()
  const timeZone = getDeviceTimeZone()
  const describeValues = useDescribeEventValues()
  // A state ref: the sentinel appears only once both queries have loaded, and the observer
  // must start then, not on mount.
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null)

  const activitiesById = useMemo(() => {
    const map = new Map<string, Activity>()
    for (const activity of activitiesQuery.data ?? []) {
      if (!activity.deletedAt) map.set(activity.id, activity)
    }
    return map
  }, [activitiesQuery.data])

  const rows = useMemo(() => {
    const list: { event: Event; activity: Activity }[] = []
    for (const page of pages.data?.pages ?? []) {
      for (const event of page) {
        const activity = activitiesById.get(event.activityId)
        if (activity && !event.deletedAt) list.push({ event, activity })
      }
    }
    return list
  }, [pages.data, activitiesById])
  // Relative times from a clock read with the rows: the minute's tick alone made an event
  // logged a moment ago (from a dialog, the list still open) read 'a few seconds away'.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever the rows change.
  const now = useMemo(() => new Date(Math.max(tick.getTime(), Date.now())), [tick, rows])

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages
  useEffect(() => {
    const element = sentinel
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage()
        }
      },
      { rootMargin: '400px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [sentinel, hasNextPage, isFetchingNextPage, fetchNextPage])

  function openEvent(event: Event) {
    const target = paths.event(event.id)
    if (location.pathname === target) return
    // Moving between events replaces the entry, so Back leaves the event pages at once.
    navigate(target, { replace: location.pathname.startsWith('/events/') })
  }

  const onOpen = useStableHandler(openEvent)

  const ready = !pages.isLoading && !activitiesQuery.isLoading
  // The first screen's rows at once, the rest of the page in a transition (issue 19).
  const limit = useRowLimit(ready)

  if (!ready) {
    return <Loading label={t('Loading events')} />
  }
  if (pages.isError) {
    return (
      <Stack align="center" py="lg" gap="xs">
        <Text c="dark.1">{t('Could not load events.')}</Text>
        <Button variant="light" onClick={() => void pages.refetch()}>
          {t('Try again')}
        </Button>
      </Stack>
    )
  }
  if (rows.length === 0 && !hasNextPage) {
    return (
      <Text c="dark.1" ta="center" py="lg">
        {emptyText ?? t('No events yet.')}
      </Text>
    )
  }

  // Until every row is drawn, what follows the list waits too: it would move as the rows arrive.
  const drawn = rowBudget(limit).take(rows)
  const complete = drawn === rows
  return (
    <Stack gap={0}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('Events')}>
        {drawn.map(({ event, activity }) => (
          <li key={event.id}>
            <EventRow
              event={event}
              activity={activity}
              day={formatDay(toCalendarDay(event.eventDate, timeZone))}
              relative={formatRelative(event.eventDate, now)}
              values={describeValues(event, activity)}
              onOpen={onOpen}
            />
          </li>
        ))}
      </ul>
      {complete && <div ref={setSentinel} aria-hidden />}
      {complete && hasNextPage && (
        <Center py="md">
          <Button
            variant="subtle"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
          >
            {t('Load more')}
          </Button>
        </Center>
      )}
    </Stack>
  )
}
