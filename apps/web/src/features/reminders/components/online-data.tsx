import { Button, Group, Skeleton, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ShapedSkeleton } from '../../../components/placeholders'

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
 * while it loads; when it cannot be read, why and 'Try again'.
 */
export function OnlineData<T>({
  query,
  skeletonHeight,
  placeholder,
  failure,
  children,
}: OnlineDataProps<T>) {
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
          Try again
        </Button>
      </Group>
    )
  }
  return children(query.data)
}
