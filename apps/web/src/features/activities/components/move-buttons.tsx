import { ActionIcon, Group } from '@mantine/core'
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react'
import { useT } from '../../../lib/i18n'

/**
 * 'My order' by keyboard and touch (issue 49): moves a habit or a group one place up or down in
 * its list. Dragging does the same with a mouse.
 */
export function MoveButtons({
  name,
  index,
  count,
  move,
}: {
  name: string
  index: number
  count: number
  move: (to: number) => void
}) {
  const t = useT()
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('Move {name} up', { name })}
        disabled={index === 0}
        onClick={() => move(index - 1)}
      >
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('Move {name} down', { name })}
        disabled={index >= count - 1}
        onClick={() => move(index + 1)}
      >
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
    </Group>
  )
}
