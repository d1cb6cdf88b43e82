import { Button, Group, Skeleton, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import { ShapedSkeleton } from '../../../components/placeholders'
import { useT } from '../../../lib/i18n'
import { useSyncStatus } from '../../../lib/sync/store'

interface OnlineDataProps<T> {
  query: UseQueryResult<T>
  /** While it loads: a skeleton of this height, or of the size of `placeholder`. */
  skeletonHeight?: number
  /** What will most likely come (drawn unseen under the skeleton, so it is as large). */
  placeholder?: ReactNode
  /** Said when it cannot be read (offline, or the server failed). */
  failure: string
  children: (data: T) => ReactNode
}

/**
 * Data only the server holds (reminders are read online, not from the device's copy): a skeleton
 * while it loads; when it cannot be read, why and 'Try again', and it is read again by itself as
 * soon as the device is back online (issue 51).
 */
export function OnlineData<T>({
  query,
  skeletonHeight,
  placeholder,
  failure,
  children,
}: OnlineDataProps<T>) {
  const t = useT()
  useReadAgainOnReconnect(query)
  if (query.isPending) {
    return placeholder ? (
      <ShapedSkeleton>{placeholder}</ShapedSkeleton>
    ) : (
      <Skeleton height={skeletonHeight} radius="md" />
    )
  }
  if (query.isError) {
    return (
      <Group gap="xs">
        <Text size="sm" c="gray.5">
          {failure}
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={() => query.refetch()}>
          {t('Try again')}
        </Button>
      </Group>
    )
  }
  return children(query.data)
}

/**
 * A failed read is read again when the device comes back online: on the browser's 'online' event,
 * and when the app's own sync reaches the server again, since phones do not always say when the
 * network comes back (the sync's status is what the header's "Offline" shows).
 */
function useReadAgainOnReconnect({
  isError,
  refetch,
}: Pick<UseQueryResult, 'isError' | 'refetch'>) {
  const online = useSyncStatus((status) => status.online)
  const wasOnline = useRef(online)
  useEffect(() => {
    const cameBack = online && !wasOnline.current
    wasOnline.current = online
    if (cameBack && isError) void refetch()
  }, [online, isError, refetch])
  useEffect(() => {
    if (!isError) return
    const readAgain = () => void refetch()
    window.addEventListener('online', readAgain)
    return () => window.removeEventListener('online', readAgain)
  }, [isError, refetch])
}
