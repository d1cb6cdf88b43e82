import { describe, expect, it } from 'vitest'
import { getDecadeGrid } from './calendar-grids'

describe('getDecadeGrid', () => {
  it('shows the 2020s with 2019 and 2030 dimmed, three to a row', () => {
    expect(getDecadeGrid(2026)).toEqual([
      [
        { year: 2019, inDecade: false },
        { year: 2020, inDecade: true },
        { year: 2021, inDecade: true },
      ],
      [
        { year: 2022, inDecade: true },
        { year: 2023, inDecade: true },
        { year: 2024, inDecade: true },
      ],
      [
        { year: 2025, inDecade: true },
        { year: 2026, inDecade: true },
        { year: 2027, inDecade: true },
      ],
      [
        { year: 2028, inDecade: true },
        { year: 2029, inDecade: true },
        { year: 2030, inDecade: false },
      ],
    ])
  })

  it.each([
    { sees: 'the first year of a decade opens that decade', year: 2020, first: 2019, last: 2030 },
    { sees: 'the last year of a decade opens that decade', year: 2029, first: 2019, last: 2030 },
    { sees: '2000 opens the 2000s, not the 1990s', year: 2000, first: 1999, last: 2010 },
    { sees: 'the earliest allowed year', year: 10, first: 9, last: 20 },
    { sees: 'the latest allowed year', year: 9989, first: 9979, last: 9990 },
  ])('$sees', ({ year, first, last }) => {
    const grid = getDecadeGrid(year)
    expect(grid.map((row) => row.length)).toEqual([3, 3, 3, 3])
    const years = grid.flat().map((cell) => cell.year)
    expect(years[0]).toBe(first)
    expect(years[11]).toBe(last)
    expect(grid.flat().filter((cell) => cell.inDecade)).toHaveLength(10)
  })

  it.each([9, 9990, 2026.5, Number.NaN])('refuses year %s', (year) => {
    expect(() => getDecadeGrid(year)).toThrow(RangeError)
  })
})
