import type { Break } from '@kindling/core'
import { ActionIcon, Group, Text } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useT } from '../lib/i18n'
import { formatDay } from '../lib/locale-format'
import { PlainList } from './plain-list'

/** Breaks not over yet, each with its days and a button that removes it (issue 49). */
export function BreakList({
  label,
  breaks,
  onRemove,
}: {
  label: string
  breaks: readonly Break[]
  onRemove: (brk: Break) => void
}) {
  const t = useT()
  if (breaks.length === 0) return null
  return (
    <PlainList label={label}>
      {breaks.map((brk) => {
        const days =
          brk.from === brk.to
            ? formatDay(brk.from)
            : t('{from} to {to}', { from: formatDay(brk.from), to: formatDay(brk.to) })
        return (
          <Group component="li" key={brk.id} gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm">
              {days}
              {brk.note ? ` (${brk.note})` : ''}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('Remove the break {days}', { days })}
              onClick={() => onRemove(brk)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )
      })}
    </PlainList>
  )
}
