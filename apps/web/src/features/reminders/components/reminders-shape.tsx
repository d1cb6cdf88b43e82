import { Button, type ButtonProps, Group, Text } from '@mantine/core'
import { IconBellPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { ShapedSkeleton } from '../../../components/placeholders'
import { TitledSection } from '../../../components/titled-section'

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
 * Where the section says when and how its reminders reach the user (issue 51): three lines tall
 * whatever it says, so the section keeps its height while the settings load.
 */
export function DeliveryNote({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="gray.5" style={{ minHeight: '3lh' }}>
      {children}
    </Text>
  )
}

/** What the note says while the settings load: the likeliest case, a first visit. */
export function DeliveryNotePlaceholder() {
  return (
    <DeliveryNote>
      Times in your time zone. Nothing reaches you: notifications are off here, e-mail off. Account
    </DeliveryNote>
  )
}

/**
 * The habit settings' 'Reminders' section around its content: the heading, how reminders reach
 * the user, then `children`, then the 'Add reminder' button.
 */
export function RemindersFrame({
  children,
  delivery,
  addButton,
}: {
  children: ReactNode
  delivery: ReactNode
  addButton: ButtonProps & { onClick?: () => void }
}) {
  return (
    <TitledSection title="Reminders" order={3}>
      {delivery}
      {children}
      <Group>
        <Button variant="light" leftSection={<IconBellPlus size={16} aria-hidden />} {...addButton}>
          Add reminder
        </Button>
      </Group>
    </TitledSection>
  )
}

/**
 * The 'Reminders' section of a habit without reminders, under a skeleton while its code loads:
 * as tall as the section at every width, so nothing below it moves when it comes.
 */
export function RemindersSectionSkeleton() {
  return (
    <ShapedSkeleton>
      <RemindersFrame addButton={{}} delivery={<DeliveryNotePlaceholder />}>
        <NoReminders />
      </RemindersFrame>
    </ShapedSkeleton>
  )
}
