import { Divider, Stack } from '@mantine/core'
import { ExportSection } from './export-section'
import { ImportSection } from './import-section'

/** The account page's 'Import data' and 'Export data' sections (issue 16). */
export function DataTransferSections() {
  return (
    <Stack gap="lg">
      <Divider />
      <ImportSection />
      <Divider />
      <ExportSection />
    </Stack>
  )
}
