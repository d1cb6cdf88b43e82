import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core'
import { useT } from '../../../lib/i18n'
import { CopyValueButton } from './copy-value-button'

/**
 * A secret the server shows this once (a token, a signing secret): named for screen readers,
 * wrapped anywhere so it fits a phone, with a copy button and 'Done' to put it away.
 */
export function ShownOnce({
  title,
  text,
  label,
  copyLabel,
  value,
  onDone,
}: {
  title: string
  text: string
  /** The accessible name of the value. */
  label: string
  copyLabel: string
  value: string
  onDone: () => void
}) {
  const t = useT()
  return (
    <Alert color="orange" variant="light" title={title} role="status">
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        <Code block aria-label={label} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {value}
        </Code>
        <Group gap="xs">
          <CopyValueButton value={value} label={copyLabel} />
          <Button size="compact-sm" variant="subtle" onClick={onDone}>
            {t('Done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
