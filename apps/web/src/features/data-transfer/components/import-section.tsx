import { Alert, Group, Input, List, Loader, Stack, Text } from '@mantine/core'
import { type ChangeEvent, useId } from 'react'
import { TitledSection } from '../../../components/titled-section'
import { useImportFile } from '../hooks/use-data-transfer'
import { describeImport } from '../lib/describe-summary'
import classes from './import-section.module.css'

/** /me 'Import data': a file from another tracker or a backup, then what it stored. */
export function ImportSection() {
  const inputId = useId()
  const importing = useImportFile()
  const result = importing.data ? describeImport(importing.data) : null

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    importing.mutate(file, {
      // The input empties again, so the same file can be chosen once more.
      onSettled: () => {
        input.value = ''
      },
    })
  }

  return (
    <TitledSection title="Import data" order={2}>
      <Text size="sm" c="gray.5">
        A Loop Habit Tracker backup (.db) or CSV export (.zip), a HabitBull CSV, a Table Habit
        export (.json) or a Kindling backup. Importing a file again adds only what is new.
      </Text>
      {/* No file type filter: the format is told from the content, not from the name. */}
      <Input.Wrapper label="Import file" id={inputId}>
        <input
          id={inputId}
          type="file"
          className={classes.file}
          onChange={handleChange}
          disabled={importing.isPending}
        />
      </Input.Wrapper>
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
              {result.notes.length > 0 ? (
                <>
                  <Text size="sm">Kept differently:</Text>
                  <List size="sm" spacing={2}>
                    {result.notes.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                </>
              ) : null}
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
    </TitledSection>
  )
}
