import { Alert, FileInput, Group, List, Loader, Stack, Text, Title } from '@mantine/core'
import { IconFileImport } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { useImportFile } from '../hooks/use-data-transfer'
import { describeImport } from '../lib/describe-summary'

/** /me 'Import data': a file from another tracker or a backup, then what it stored. */
export function ImportSection() {
  const titleId = useId()
  const importing = useImportFile()
  const [file, setFile] = useState<File | null>(null)
  const result = importing.data ? describeImport(importing.data) : null

  function handleChange(next: File | null) {
    setFile(next)
    if (!next) return
    importing.mutate(next, {
      // The input empties again, so the same file can be chosen once more.
      onSettled: () => setFile(null),
    })
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        Import data
      </Title>
      <Text size="sm" c="gray.5">
        A Loop Habit Tracker backup (.db) or CSV export (.zip), a HabitBull CSV, a Table Habit
        export (.json) or a Kindling backup. Importing a file again adds only what is new.
      </Text>
      <FileInput
        label="Import file"
        placeholder="Choose a file"
        value={file}
        onChange={handleChange}
        disabled={importing.isPending}
        leftSection={<IconFileImport size={18} aria-hidden />}
        // Mantine's placeholder grey is too faint on the dark scheme (WCAG contrast).
        styles={{ placeholder: { color: 'var(--mantine-color-gray-5)' } }}
      />
      <div aria-live="polite">
        {importing.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Importing {importing.variables?.name}…</Text>
          </Group>
        ) : null}
        {importing.isError ? (
          <Alert color="red" variant="light" title="Import failed">
            {importing.error.message}
          </Alert>
        ) : null}
        {result && importing.isSuccess ? (
          <Alert color="teal" variant="light" title={result.title}>
            <Stack gap={4}>
              <Text size="sm">{result.added}</Text>
              {result.skipped.length > 0 ? (
                <>
                  <Text size="sm">Not imported:</Text>
                  <List size="sm" spacing={2}>
                    {result.skipped.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                </>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
      </div>
    </Stack>
  )
}
