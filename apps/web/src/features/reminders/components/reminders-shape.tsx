import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { ShapedSkeleton } from '../../../components/placeholders'

/** What the 'Reminders' section says while a habit has none. */
export function NoReminders() {
  return (
    <Text size="sm" c="gray.5">
      No reminders. Add one to be notified at a time of day; it is skipped when the habit is already
      done.
    </Text>
  )
}

/**
 * The 'Reminders' section of a habit without reminders, under a skeleton while its code loads:
 * as tall as the section at every width, so nothing below it moves when it comes.
 */
export function RemindersSectionSkeleton() {
  return (
    <ShapedSkeleton>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Reminders
        </Title>
        <NoReminders />
        <Group>
          <Button variant="light">Add reminder</Button>
        </Group>
      </Stack>
    </ShapedSkeleton>
  )
}
