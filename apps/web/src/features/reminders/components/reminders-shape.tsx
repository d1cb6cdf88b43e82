import { Button, type ButtonProps, Group, Text } from '@mantine/core'
import { IconBellPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { ShapedSkeleton } from '../../../components/placeholders'
import { TitledSection } from '../../../components/titled-section'
import { msg, t, useT } from '../../../lib/i18n'

/** What the 'Reminders' section says while a habit has none. */
export function NoReminders() {
  const t = useT()
  return (
    <Text size="sm" c="gray.5">
      {t(
        'No reminders. Add one to be notified at a time of day; it is skipped when the habit is already done.',
      )}
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
  useT()
  return (
    <DeliveryNote>
      {sentences(
        t('Times in your time zone.'),
        t('Nothing reaches you: {why}, e-mail off.', { why: t(NOT_HERE.off) }),
        t('Account'),
      )}
    </DeliveryNote>
  )
}

/** Why this browser shows no reminders, shortly: the note stays three lines at 390 px. */
export const NOT_HERE = {
  off: msg('notifications are off here'),
  blocked: msg('notifications are blocked here'),
  unsupported: msg('this browser has no notifications'),
} as const

/** Whole sentences, each its own message, one after another. */
export function sentences(...said: string[]): string {
  return said.filter(Boolean).join(' ')
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
  const t = useT()
  return (
    <TitledSection title={t('Reminders')} order={3}>
      {delivery}
      {children}
      <Group>
        <Button variant="light" leftSection={<IconBellPlus size={16} aria-hidden />} {...addButton}>
          {t('Add reminder')}
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
