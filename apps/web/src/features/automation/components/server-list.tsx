import { Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useT } from '../../../lib/i18n'

interface ServerListProps<T extends { id: string }> {
  query: UseQueryResult<T[]>
  /** The list's accessible name. */
  label: string
  empty: string
  /** Said when it cannot be read (offline, or the server failed). */
  failure: string
  children: (item: T) => ReactNode
}

/**
 * A list only the server holds (tokens, webhooks): a skeleton while it loads, why and 'Try
 * again' when it cannot be read, else one list item per entry.
 */
export function ServerList<T extends { id: string }>({
  query,
  label,
  empty,
  failure,
  children,
}: ServerListProps<T>) {
  const t = useT()
  if (query.isPending) return <Skeleton height={60} radius="md" />
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
  if (query.data.length === 0) {
    return (
      <Text size="sm" c="gray.5">
        {empty}
      </Text>
    )
  }
  return (
    <Stack component="ul" aria-label={label} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {query.data.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </Stack>
  )
}
