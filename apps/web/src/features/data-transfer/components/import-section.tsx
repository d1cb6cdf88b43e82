import type { ImportProgress } from '@kindling/core'
import { Alert, Group, Input, List, Loader, Progress, Stack, Text } from '@mantine/core'
import { type ChangeEvent, useEffect, useId, useRef } from 'react'
import { TitledSection } from '../../../components/titled-section'
import { useLanguage, useT } from '../../../lib/i18n'
import { useImportFile } from '../hooks/use-data-transfer'
import { describeImport } from '../lib/describe-summary'
import classes from './import-section.module.css'

/**
 * /me 'Import data': a file from another tracker or a backup, how far its import has come (read,
 * then stored n of m), then what it stored, brought into view (issue 51: on a phone it came
 * below the fold).
 */
export function ImportSection() {
  const t = useT()
  // The summary is drawn again in a language chosen after the import.
  useLanguage()
  const inputId = useId()
  const importing = useImportFile()
  const result = importing.data ? describeImport(importing.data) : null
  const outcome = useRef<HTMLDivElement>(null)
  const settled = importing.isSuccess || importing.isError
  useEffect(() => {
    // Centred: the fixed header and a phone's tab bar cover the page's top and bottom edges.
    if (settled) outcome.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [settled])

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
    <TitledSection title={t('Import data')} order={2}>
      <Text size="sm" c="gray.5">
        {t(
          'A Loop Habit Tracker backup (.db) or CSV export (.zip), a HabitBull CSV, a Table Habit export (.json) or a Kindling backup. Importing a file again adds only what is new.',
        )}
      </Text>
      {/* No file type filter: the format is told from the content, not from the name. */}
      <Input.Wrapper label={t('Import file')} id={inputId}>
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
          <ImportRunning name={importing.variables?.name ?? ''} progress={importing.progress} />
        ) : null}
        <div ref={outcome}>
          {importing.isError ? (
            <Alert color="red" variant="light" title={t('Import failed')}>
              {importing.error.message}
            </Alert>
          ) : null}
          {result && importing.isSuccess ? (
            <Alert color="teal" variant="light" title={result.title}>
              <Stack gap={4}>
                <Text size="sm">{result.added}</Text>
                {result.notes.length > 0 ? (
                  <>
                    <Text size="sm">{t('Kept differently:')}</Text>
                    <List size="sm" spacing={2}>
                      {result.notes.map((line) => (
                        <List.Item key={line}>{line}</List.Item>
                      ))}
                    </List>
                  </>
                ) : null}
                {result.skipped.length > 0 ? (
                  <>
                    <Text size="sm">{t('Not imported:')}</Text>
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
      </div>
    </TitledSection>
  )
}

/** While the file is sent and read: its name; then its events stored so far, with a bar. */
function ImportRunning({ name, progress }: { name: string; progress: ImportProgress | undefined }) {
  const t = useT()
  const language = useLanguage()
  // Whole numbers as the language writes them ('12,000', '12.000').
  const count = new Intl.NumberFormat(language === 'en' ? 'en-US' : language)
  const storing = progress && progress.stage !== 'reading' && progress.total > 0
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" aria-hidden />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {storing
            ? t('{total, plural, other {Importing {name}: stored {stored} of # events…}}', {
                name,
                stored: count.format(progress.stored),
                total: progress.total,
              })
            : t('Reading {name}…', { name })}
        </Text>
      </Group>
      {storing ? (
        <Progress
          value={(progress.stored / progress.total) * 100}
          size="sm"
          aria-label={t('{total, plural, other {Stored {stored} of # events}}', {
            stored: count.format(progress.stored),
            total: progress.total,
          })}
        />
      ) : null}
    </Stack>
  )
}
