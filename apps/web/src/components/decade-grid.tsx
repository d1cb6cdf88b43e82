import { getDecadeGrid } from '@kindling/core'
import { ActionIcon, Button, Group, SimpleGrid, Stack } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { useT } from '../lib/i18n'
import classes from './decade-grid.module.css'

export interface DecadeGridProps {
  /** The year shown (highlighted); its decade is drawn. */
  year: number
  /** A year was picked. */
  onYear: (year: number) => void
  /** The previous or next decade was asked for: the year to show instead. */
  onShowYear: (year: number) => void
  /** Years before it cannot be picked. */
  minYear?: number
}

/**
 * The first day of the month `shown` (a `YYYY-MM-DD` day) in `year`: what a calendar shows when a
 * year is picked. Not the same day in that year: 29 February does not exist in most of them, and
 * a calendar handed one shows March.
 */
export function sameMonthIn(shown: string, year: number): string {
  return `${String(year).padStart(4, '0')}-${shown.slice(5, 7)}-01`
}

/**
 * The decade level of every calendar as SPEC §9 draws it: 12 years in 4 rows of 3, the decade
 * with the year before and after it dimmed (Mantine's own decade level shows 10 with a lone last
 * row). Years outside 10–9989 are clamped to it (core's grid covers years 0–9999).
 */
export function DecadeGrid({ year, onYear, onShowYear, minYear }: DecadeGridProps) {
  const t = useT()
  const rows = getDecadeGrid(Math.min(9989, Math.max(10, year)))
  const first = rows[0]?.[1]?.year ?? year
  return (
    <Stack
      gap="xs"
      w={252}
      role="group"
      aria-label={t('Years {first} to {last}', { first, last: first + 9 })}
    >
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('Previous decade')}
          disabled={minYear !== undefined && first <= minYear}
          onClick={() => onShowYear(year - 10)}
        >
          <IconChevronLeft size={18} aria-hidden className="mirror-in-rtl" />
        </ActionIcon>
        <span>
          {first} – {first + 9}
        </span>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('Next decade')}
          onClick={() => onShowYear(year + 10)}
        >
          <IconChevronRight size={18} aria-hidden className="mirror-in-rtl" />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={3} spacing={4} verticalSpacing={4}>
        {rows.flat().map((cell) => (
          <Button
            key={cell.year}
            // As the month and year levels draw their controls: the shown one filled.
            variant={cell.year === year ? 'filled' : 'subtle'}
            color={cell.year === year ? 'orange' : 'gray'}
            fw={400}
            className={classes.year}
            data-outside={cell.inDecade ? undefined : true}
            disabled={minYear !== undefined && cell.year < minYear}
            onClick={() => onYear(cell.year)}
          >
            {cell.year}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
