import { describe, expect, it } from 'vitest'
import type { DateRangeSelection } from './calendar-grids'
import { getDecadeGrid, getYearGrid, pickDateRange } from './calendar-grids'

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

describe('getYearGrid', () => {
  it('shows the twelve months of 2026, January to March in the first row', () => {
    expect(getYearGrid(2026)).toEqual([
      ['2026-01', '2026-02', '2026-03'],
      ['2026-04', '2026-05', '2026-06'],
      ['2026-07', '2026-08', '2026-09'],
      ['2026-10', '2026-11', '2026-12'],
    ])
  })

  it('pads early years to four digits', () => {
    expect(getYearGrid(7)[0]).toEqual(['0007-01', '0007-02', '0007-03'])
  })

  it.each([-1, 10000, 1.5])('refuses year %s', (year) => {
    expect(() => getYearGrid(year)).toThrow(RangeError)
  })
})

describe('pickDateRange', () => {
  const none: DateRangeSelection = [null, null]
  it.each<{
    sees: string
    current: DateRangeSelection
    clicked: string
    single?: boolean
    expected: DateRangeSelection
  }>([
    {
      sees: 'the first click starts a range',
      current: none,
      clicked: '2026-03-10',
      expected: ['2026-03-10', null],
    },
    {
      sees: 'a later second click completes it',
      current: ['2026-03-10', null],
      clicked: '2026-03-14',
      expected: ['2026-03-10', '2026-03-14'],
    },
    {
      sees: 'an earlier second click completes it sorted',
      current: ['2026-03-10', null],
      clicked: '2026-02-28',
      expected: ['2026-02-28', '2026-03-10'],
    },
    {
      sees: 'a second click across years sorts by day',
      current: ['2026-01-02', null],
      clicked: '2025-12-31',
      expected: ['2025-12-31', '2026-01-02'],
    },
    {
      sees: 'the same day twice clears the selection',
      current: ['2026-03-10', null],
      clicked: '2026-03-10',
      expected: [null, null],
    },
    {
      sees: 'the same day twice gives a one-day range when allowed',
      current: ['2026-03-10', null],
      clicked: '2026-03-10',
      single: true,
      expected: ['2026-03-10', '2026-03-10'],
    },
    {
      sees: 'a third click starts over',
      current: ['2026-03-10', '2026-03-14'],
      clicked: '2026-03-12',
      expected: ['2026-03-12', null],
    },
    {
      sees: 'a third click on the range start starts over there',
      current: ['2026-03-10', '2026-03-14'],
      clicked: '2026-03-10',
      expected: ['2026-03-10', null],
    },
    {
      sees: 'a third click after a one-day range starts over',
      current: ['2026-03-10', '2026-03-10'],
      clicked: '2026-03-10',
      single: true,
      expected: ['2026-03-10', null],
    },
    {
      sees: 'an end without a start is treated as nothing chosen',
      current: [null, '2026-03-14'],
      clicked: '2026-03-12',
      expected: ['2026-03-12', null],
    },
  ])('$sees', ({ current, clicked, single, expected }) => {
    const before = [...current]
    expect(pickDateRange(current, clicked, single)).toEqual(expected)
    expect(current).toEqual(before)
  })

  it.each(['2026-02-30', '2026-3-1', 'today'])('refuses the day %s', (day) => {
    expect(() => pickDateRange([null, null], day)).toThrow(RangeError)
  })
})
