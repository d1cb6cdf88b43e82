import { Group, Text } from '@mantine/core'
import { IconFlame } from '@tabler/icons-react'

/** A flame with the streak count; dimmed at 0 so rows line up. */
export function StreakFlame({ streak }: { streak: number }) {
  return (
    <Group
      gap={2}
      wrap="nowrap"
      aria-label={`Streak ${streak} ${streak === 1 ? 'day' : 'days'}`}
      role="img"
    >
      <IconFlame
        size={18}
        aria-hidden
        color={streak > 0 ? 'var(--mantine-color-orange-5)' : 'var(--mantine-color-dark-2)'}
      />
      <Text size="sm" fw={600} c={streak > 0 ? 'orange.4' : 'gray.5'} aria-hidden>
        {streak}
      </Text>
    </Group>
  )
}
