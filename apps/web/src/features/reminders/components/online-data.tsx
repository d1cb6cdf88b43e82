import { Button, Group, Skeleton, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'

interface OnlineDataProps<T> {
  query: UseQueryResult<T>
  skeletonHeight: number
  /** Said when it cannot be read (offline, or the server failed). */
  failure: string
  children: (data: T) => ReactNode
}

/**
 * Data only the server holds (reminders are read online, not from the device's copy): a skeleton
 * while it loads; when it cannot be read, why and 'Try again'.
 */
export function OnlineData<T>({ query, skeletonHeight, failure, children }: OnlineDataProps<T>) {
  if (query.isPending) return <Skeleton height={skeletonHeight} radius="md" />
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
