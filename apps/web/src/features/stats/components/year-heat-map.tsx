import type { YearHeatMap } from '@kindling/core'

const CELL = 10
const GAP = 2
const STEP = CELL + GAP

/**
 * A habit's year, one cell per day in Monday-to-Sunday columns, in the calendar's shades
 * (SPEC §9: orange shade min(9, count + 3), grey without events). It scales to the width it
 * is given. An image to assistive technology: `label` says what it shows, and the month table
 * beside it holds the figures.
 */
export function YearHeatMapImage({ map, label }: { map: YearHeatMap; label: string }) {
  const width = map.weeks.length * STEP - GAP
  const height = 7 * STEP - GAP
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ display: 'block', maxWidth: 720 }}
    >
      {map.weeks.map((week, column) =>
        week.map((cell, row) =>
          cell ? (
            <rect
              key={cell.day}
              x={column * STEP}
              y={row * STEP}
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
    </svg>
  )
}
