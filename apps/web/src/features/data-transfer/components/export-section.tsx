import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { TitledSection } from '../../../components/titled-section'
import type { ExportFormat } from '../api/transfer-requests'
import { useExportData } from '../hooks/use-data-transfer'

/** /me 'Export data': everything as a JSON backup, or the events as CSV. */
export function ExportSection() {
  const exporting = useExportData()
  const busy = (format: ExportFormat) => exporting.isPending && exporting.variables === format

  return (
    <TitledSection title="Export data" order={2}>
      <Text size="sm" c="gray.5">
        The JSON backup holds everything and can be imported again; the CSV lists your events for a
        spreadsheet.
      </Text>
      <Stack gap="xs">
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy('json')}
          disabled={exporting.isPending}
          onClick={() => exporting.mutate('json')}
        >
          Download JSON backup
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy('csv')}
          disabled={exporting.isPending}
          onClick={() => exporting.mutate('csv')}
        >
          Download CSV
        </Button>
      </Stack>
      <div aria-live="polite">
        {exporting.isError ? (
          <Alert color="red" variant="light" title="Export failed">
            {exporting.error.message}
          </Alert>
        ) : null}
      </div>
    </TitledSection>
  )
}
