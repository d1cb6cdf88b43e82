/** One year button of the decade level: `inDecade` is false for the two dimmed edge years. */
export interface DecadeGridCell {
  year: number
  inDecade: boolean
}

function requireYear(year: number, min: number, max: number): void {
  if (!Number.isInteger(year) || year < min || year > max) {
    throw new RangeError(`Invalid year: ${year}`)
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, row) =>
    items.slice(row * size, row * size + size),
  )
}

/**
 * SPEC §9 decade grid: 12 years in 4 rows of 3. The decade is the ten years starting at a
 * multiple of 10 (2020–2029 for 2026); the grid adds the year before and after it (2019 and
 * 2030, `inDecade: false`) so it fills 3 × 4. This differs from Mantine, whose decade level
 * shows only the ten years with a lone last row; SPEC's 12 decides. `year` is an integer from
 * 10 to 9989 so every cell is a year from 0 to 9999; throws RangeError
 * otherwise.
 */
export function getDecadeGrid(year: number): DecadeGridCell[][] {
  requireYear(year, 10, 9989)
  const first = Math.floor(year / 10) * 10
  const cells = Array.from({ length: 12 }, (_, index) => {
    const cellYear = first - 1 + index
    return { year: cellYear, inDecade: index >= 1 && index <= 10 }
  })
  return chunk(cells, 3)
}
