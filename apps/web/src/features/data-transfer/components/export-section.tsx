import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { TitledSection } from '../../../components/titled-section'
import { useT } from '../../../lib/i18n'
import type { ExportFormat } from '../api/transfer-requests'
import { useExportData } from '../hooks/use-data-transfer'

/** /me 'Export data': everything as a JSON backup, or the events as CSV. */
export function ExportSection() {
  const t = useT()
  const exporting = useExportData()
  const busy = (format: ExportFormat) => exporting.isPending && exporting.variables === format

  return (
    <TitledSection title={t('Export data')} order={2}>
      <Text size="sm" c="gray.5">
        {t(
          'The JSON backup holds everything and can be imported again; the CSV lists your events for a spreadsheet.',
        )}
      </Text>
      <Stack gap="xs">
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy('json')}
          disabled={exporting.isPending}
          onClick={() => exporting.mutate('json')}
        >
          {t('Download JSON backup')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy('csv')}
          disabled={exporting.isPending}
          onClick={() => exporting.mutate('csv')}
        >
          {t('Download CSV')}
        </Button>
      </Stack>
      <div aria-live="polite">
        {exporting.isError ? (
          <Alert color="red" variant="light" title={t('Export failed')}>
            {exporting.error.message}
          </Alert>
        ) : null}
      </div>
    </TitledSection>
  )
}
