import { toCalendarDay } from '@kindling/core'
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core'
import { useActivity } from '../../../api/activities'
import { useEventPages } from '../../../api/event-pages'
import { AppLink } from '../../../components/app-link'
import { EventValues, useDescribeEventValues } from '../../../components/event-values'
import { PlainList } from '../../../components/plain-list'
import { useT } from '../../../lib/i18n'
import { formatDay } from '../../../lib/locale-format'
import { paths } from '../../../lib/paths'
import { formatRelative } from '../../../lib/relative-time'
import { getDeviceTimeZone } from '../../../lib/time-zone'

/**
 * One activity's events, newest first, a page at a time, each linking to its page and saying
 * what was logged (issue 51).
 */
export function ActivityHistory({ activityId, now }: { activityId: string; now: Date }) {
  const t = useT()
  const timeZone = getDeviceTimeZone()
  const pages = useEventPages(activityId)
  const activity = useActivity(activityId).data
  const describeValues = useDescribeEventValues()
  const events = (pages.data?.pages ?? []).flat().filter((event) => !event.deletedAt)

  if (pages.isLoading) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('Loading history')}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={52} radius="md" />
        ))}
      </Stack>
    )
  }
  if (events.length === 0) {
    return (
      <Text c="gray.5" size="sm">
        {t('No events yet. Log the first one with the + button.')}
      </Text>
    )
  }
  return (
    <Stack gap="xs">
      <PlainList label={t('Events')}>
        {events.map((event) => (
          <li key={event.id}>
            <Paper
              component={AppLink}
              to={paths.event(event.id)}
              withBorder
              radius="md"
              p="sm"
              style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={500}>{formatDay(toCalendarDay(event.eventDate, timeZone))}</Text>
                <Text size="sm" c="gray.5">
                  {formatRelative(event.eventDate, now)}
                </Text>
              </Group>
              <EventValues text={describeValues(event, activity)} />
            </Paper>
          </li>
        ))}
      </PlainList>
      {pages.hasNextPage && (
        <Button
          variant="subtle"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {t('Load more')}
        </Button>
      )}
    </Stack>
  )
}
