import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { type ReactNode, Suspense, useId, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { DataTable, type DataTableProps } from './data-table'

export interface ChartFigureProps {
  title: string
  /** One sentence a screen reader (and anyone) can read instead of the chart. */
  summary: ReactNode
  /** The chart's figures, shown on request: the full text alternative. */
  table: Omit<DataTableProps, 'caption'>
  /** The chart (lazily loaded); hidden from assistive technology, which reads the text. */
  chart: ReactNode
  /** Controls shown beside the title, e.g. the period choice. */
  controls?: ReactNode
  /** The title's heading level: one below the section it is in (default 4). */
  order?: 3 | 4
}

/** A chart with its title, a text summary and a table of its figures behind a toggle. */
export function ChartFigure({
  title,
  summary,
  table,
  chart,
  controls,
  order = 4,
}: ChartFigureProps) {
  const t = useT()
  const id = useId()
  const [showTable, setShowTable] = useState(false)
  return (
    <Stack component="section" gap="xs" aria-labelledby={`${id}-title`} miw={0}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={order} size="h6" id={`${id}-title`}>
          {title}
        </Title>
        {controls}
      </Group>
      <Text size="sm" c="gray.4">
        {summary}
      </Text>
      <div aria-hidden="true">
        <Suspense fallback={<Skeleton height={180} radius="md" />}>{chart}</Suspense>
      </div>
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={showTable}
        aria-controls={`${id}-table`}
        onClick={() => setShowTable((shown) => !shown)}
      >
        {showTable ? t('Hide table') : t('Show table')}
      </Button>
      <div id={`${id}-table`} hidden={!showTable}>
        {showTable && <DataTable caption={title} {...table} />}
      </div>
    </Stack>
  )
}
