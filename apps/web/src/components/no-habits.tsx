import { Button, Paper, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useOpenForm } from '../lib/form-opener'
import { useT } from '../lib/i18n'
import { paths } from '../lib/paths'

/**
 * What a screen shows to a user without habits (issue 51): it says so and offers 'Add Activity',
 * the one next step, instead of an empty list or 'All done!'. `children` says what the screen
 * will show once there are habits.
 */
export function NoHabitsYet({ children }: { children?: ReactNode }) {
  const t = useT()
  const openForm = useOpenForm()
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <Text ta="center">
          {t('No habits yet. Small steps every day add up: add your first one.')}
        </Text>
        {children ? (
          <Text ta="center" size="sm" c="gray.5">
            {children}
          </Text>
        ) : null}
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => openForm(paths.addActivity())}
        >
          {t('Add Activity')}
        </Button>
      </Stack>
    </Paper>
  )
}
