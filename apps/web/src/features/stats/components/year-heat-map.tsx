import type { HeatMapDay, YearHeatMap } from '@kindling/core'
import { isRightToLeft } from '@kindling/core'
import { useLanguage } from '../../../lib/i18n'
import { useIsMobile } from '../../../lib/layout'
import { monthName } from '../../../lib/locale-format'

const CELL = 10
const GAP = 2
const STEP = CELL + GAP
/** The row of month names above the cells. */
const LABELS = 13

type Week = (HeatMapDay | null)[]

/**
 * The weeks of the first and of the second half of the year. The week holding 1 July is in
 * both, each with only its own half's days.
 */
function halves(weeks: readonly Week[]): Week[][] {
  const split = weeks.findIndex((week) => week.some((cell) => cell?.day.endsWith('-07-01')))
  if (split < 0) return [[...weeks]]
  const onlyFirst = (week: Week) =>
    week.map((cell) => (cell && cell.day < cellMonth(cell, 7) ? cell : null))
  const onlySecond = (week: Week) =>
    week.map((cell) => (cell && cell.day >= cellMonth(cell, 7) ? cell : null))
  const boundary = weeks[split] as Week
  return [
    [...weeks.slice(0, split), onlyFirst(boundary)],
    [onlySecond(boundary), ...weeks.slice(split + 1)],
  ]
}

/** The first day of month `month` of the cell's year, `YYYY-MM-01`. */
const cellMonth = (cell: HeatMapDay, month: number) =>
  `${cell.day.slice(0, 4)}-${String(month).padStart(2, '0')}-01`

/**
 * A habit's year, one cell per day in Monday-to-Sunday columns, in the calendar's shades
 * (SPEC §9: orange shade min(9, count + 3), grey without events), under the months' names. It
 * scales to the width it is given; on a phone the year is two rows of six months, so that a day
 * is a cell a finger can find (issue 51). An image to assistive technology: `label` says what
 * it shows, and the month table beside it holds the figures.
 */
export function YearHeatMapImage({ map, label }: { map: YearHeatMap; label: string }) {
  const isMobile = useIsMobile()
  // Right to left (Arabic): January stands at the right and the weeks run leftwards.
  const rtl = isRightToLeft(useLanguage())
  const rows = isMobile ? halves(map.weeks) : [map.weeks]
  const columns = Math.max(...rows.map((weeks) => weeks.length))
  const width = columns * STEP - GAP
  const rowHeight = LABELS + 7 * STEP
  const height = rows.length * rowHeight - GAP
  /** Where a column's left edge is drawn, mirrored right to left. */
  const left = (column: number) => (rtl ? width - column * STEP - CELL : column * STEP)
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ display: 'block', maxWidth: 720 }}
    >
      {rows.map((weeks, rowIndex) => {
        const top = rowIndex * rowHeight
        return (
          <g key={weeks.find((week) => week.some(Boolean))?.find(Boolean)?.day ?? rowIndex}>
            {weeks.map((week, column) => {
              const first = week.find((cell) => cell?.day.endsWith('-01'))
              if (!first) return null
              return (
                <text
                  key={`label-${first.day}`}
                  x={rtl ? width - column * STEP : column * STEP}
                  textAnchor={rtl ? 'end' : undefined}
                  y={top + LABELS - 3}
                  fontSize={10}
                  fill="var(--mantine-color-gray-5)"
                  aria-hidden
                >
                  {monthName(Number(first.day.slice(5, 7)), 'short')}
                </text>
              )
            })}
            {weeks.map((week, column) =>
              week.map((cell, row) =>
                cell ? (
                  <rect
                    key={cell.day}
                    x={left(column)}
                    y={top + LABELS + row * STEP}
                    width={CELL}
                    height={CELL}
                    rx={2}
                    fill={
                      cell.shade === null
                        ? 'var(--mantine-color-dark-5)'
                        : `var(--mantine-color-orange-${cell.shade})`
                    }
                    data-day={cell.day}
                    data-count={cell.count}
                  />
                ) : null,
              ),
            )}
          </g>
        )
      })}
    </svg>
  )
}
