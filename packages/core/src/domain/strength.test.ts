import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from './dates'
import type { DayTotals } from './day-totals'
import { buildDayTotals } from './day-totals'
import type { StrengthFrequency, StrengthOptions } from './strength'
import {
  computeStrength,
  getStrengthFrequency,
  getStrengthOn,
  sampleStrength,
  stepStrength,
  updateStrength,
} from './strength'
import { buildEvent, daily, monthly, unscheduled, weekly, weeklyOn } from './test-fixtures'

const today = '2026-03-10'
/** Loop's tests compare within 1e-6 (their expected values have six decimals). */
const E = 1e-6

function expectNear(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(E)
}

/** Same length, and each score within `tolerance` of the expected one. */
function expectSameScores(actual: readonly number[], expected: readonly number[], tolerance = E) {
  expect(actual).toHaveLength(expected.length)
  for (const [index, score] of actual.entries()) {
    expect(Math.abs(score - (expected[index] as number))).toBeLessThanOrEqual(tolerance)
  }
}

/** A yes/no history: one event on each day `offsets` days before today (0 is today). */
function doneOn(offsets: readonly number[]): DayTotals {
  const events = offsets.map((offset) =>
    buildEvent({ activityId: 'habit', eventDate: addDays(today, -offset) }),
  )
  return buildDayTotals(events, 'UTC')
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, index) => from + index)
}

/** A number history: `value` of attribute 'amount' on each day `offsets` before today. */
function amountsOn(offsets: readonly number[], value: number): DayTotals {
  const events = offsets.map((offset) =>
    buildEvent({
      activityId: 'habit',
      eventDate: addDays(today, -offset),
      attributes: { amount: value },
    }),
  )
  return buildDayTotals(events, 'UTC')
}

function strengthOn(series: { firstDay: string; scores: number[] }, offset: number): number {
  return getStrengthOn(series, addDays(today, -offset))
}

/** Asserts the strength today, yesterday, … equals `expected` (Loop's checkScoreValues). */
function expectScores(series: { firstDay: string; scores: number[] }, expected: number[]) {
  expected.forEach((value, offset) => {
    expectNear(strengthOn(series, offset), value)
  })
}

const dailyFrequency: StrengthFrequency = { numerator: 1, denominator: 1 }

describe('stepStrength (Loop ScoreTest)', () => {
  it('matches Loop for a daily habit', () => {
    expectNear(stepStrength(0, 1, 1), 0.051922)
    expectNear(stepStrength(0.5, 1, 1), 0.525961)
    expectNear(stepStrength(0.75, 1, 1), 0.762981)
    expectNear(stepStrength(0, 0, 1), 0)
    expectNear(stepStrength(0.5, 0, 1), 0.474039)
    expectNear(stepStrength(0.75, 0, 1), 0.711058)
  })

  it('matches Loop for a habit done once every three days', () => {
    expectNear(stepStrength(0, 1, 1 / 3), 0.030314)
    expectNear(stepStrength(0.5, 1, 1 / 3), 0.515157)
    expectNear(stepStrength(0.75, 1, 1 / 3), 0.757578)
    expectNear(stepStrength(0.5, 0, 1 / 3), 0.484842)
    expectNear(stepStrength(0.75, 0, 1 / 3), 0.727263)
  })
})

describe('getStrengthFrequency', () => {
  it('maps schedules to the issue frequencies', () => {
    expect(getStrengthFrequency(daily)).toEqual({ numerator: 1, denominator: 1 })
    expect(getStrengthFrequency(weekly)).toEqual({ numerator: 1, denominator: 7 })
    expect(getStrengthFrequency(weeklyOn(1, 3, 5))).toEqual({ numerator: 1, denominator: 7 })
    expect(getStrengthFrequency(monthly)).toEqual({ numerator: 1, denominator: 30 })
    expect(getStrengthFrequency(unscheduled)).toEqual({ numerator: 1, denominator: 1 })
  })
})

// Loop's own example histories (uhabits-core YesNoScoreListTest and NumericalAtLeast…Test).
describe('computeStrength equals Loop on its example histories', () => {
  const twentyDays = [
    0.655747, 0.636894, 0.617008, 0.596033, 0.57391, 0.550574, 0.525961, 0.5, 0.472617, 0.443734,
    0.41327, 0.381137, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.14782, 0.101149,
    0.051922, 0, 0, 0,
  ]

  it('twenty days done of a daily habit', () => {
    const series = computeStrength(doneOn(range(0, 20)), {
      frequency: dailyFrequency,
      until: today,
    })
    expectScores(series, twentyDays)
    expect(series.firstDay).toBe(addDays(today, -19))
    expect(series.scores).toHaveLength(20)
  })

  it('skipped days leave the strength unchanged', () => {
    const done = range(0, 20).filter((offset) => ![5, 10, 11].includes(offset))
    const series = computeStrength(doneOn(done), {
      frequency: dailyFrequency,
      until: today,
      skippedDays: [5, 10, 11].map((offset) => addDays(today, -offset)),
    })
    expectScores(
      series,
      [
        0.596033, 0.57391, 0.550574, 0.525961, 0.5, 0.472617, 0.472617, 0.443734, 0.41327, 0.381137,
        0.347244, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.14782, 0.101149,
        0.051922, 0, 0, 0,
      ],
    )
  })

  it('a skip after the only done day, then misses', () => {
    const series = computeStrength(doneOn([5]), {
      frequency: dailyFrequency,
      until: today,
      skippedDays: [addDays(today, -4)],
    })
    expectScores(series, [0.041949, 0.044247, 0.04667, 0.049226, 0.051922, 0.051922, 0])
  })

  it('a skip before the first event starts the series', () => {
    const series = computeStrength(doneOn([]), {
      frequency: dailyFrequency,
      until: today,
      skippedDays: [addDays(today, -3)],
    })
    expect(series.firstDay).toBe(addDays(today, -3))
    expect(series.scores).toEqual([0, 0, 0, 0])
  })

  it('two days, then the same two days at 1 in 2 days', () => {
    const totals = doneOn([0, 1])
    const everyDay = computeStrength(totals, { frequency: dailyFrequency, until: today })
    expectNear(strengthOn(everyDay, 0), 0.101149)
    const everyOther = computeStrength(totals, {
      frequency: { numerator: 1, denominator: 2 },
      until: today,
    })
    expectNear(strengthOn(everyOther, 0), 0.054816)
  })

  it('3 times a week missing one each week converges to 2/3; 4 times missing 2 to 1/2', () => {
    const offsets = range(0, 100).flatMap((week) => [7 * week, 7 * week + 1])
    const threeAWeek = computeStrength(doneOn(offsets), {
      frequency: { numerator: 3, denominator: 7 },
      until: today,
    })
    expectNear(strengthOn(threeAWeek, 0), 2 / 3)
    const fourAWeek = computeStrength(doneOn(offsets), {
      frequency: { numerator: 4, denominator: 7 },
      until: today,
    })
    expectNear(strengthOn(fourAWeek, 0), 0.5)
  })

  it('once a week on different weekdays still converges to 100%', () => {
    const offsets = range(0, 100).flatMap((fortnight) => [14 * fortnight, 14 * fortnight + 13])
    const series = computeStrength(doneOn(offsets), {
      frequency: getStrengthFrequency(weekly),
      until: today,
    })
    expect(Math.abs(strengthOn(series, 0) - 1)).toBeLessThan(1e-3)
  })

  it('reaches 99% in 3 months daily, 9 months weekly, 18 months monthly', () => {
    const at = (offsets: number[], schedule = daily) =>
      strengthOn(
        computeStrength(doneOn(offsets), {
          frequency: getStrengthFrequency(schedule),
          until: today,
        }),
        0,
      )
    expect(at(range(0, 90))).toBeGreaterThan(0.99)
    expect(
      at(
        range(0, 39).map((i) => 7 * i),
        weekly,
      ),
    ).toBeGreaterThan(0.99)
    expect(
      at(
        range(0, 18).map((i) => 30 * i),
        monthly,
      ),
    ).toBeGreaterThan(0.99)
  })

  describe('number habits (target 2 a day, at least)', () => {
    const target = { attributeId: 'amount', value: 2 }

    it('twenty days at the target', () => {
      const series = computeStrength(amountsOn(range(0, 20), 2), {
        frequency: dailyFrequency,
        until: today,
        target,
      })
      expectScores(series, twentyDays)
    })

    it('two days at 1 in 2 days', () => {
      const series = computeStrength(amountsOn([0, 1], 2), {
        frequency: { numerator: 1, denominator: 2 },
        until: today,
        target,
      })
      expectNear(strengthOn(series, 0), 0.072631)
    })

    it('half the target every day converges to 50%, a quarter to 25%', () => {
      const half = computeStrength(amountsOn(range(0, 500), 1), {
        frequency: dailyFrequency,
        until: today,
        target,
      })
      expectNear(strengthOn(half, 0), 0.5)
      const quarter = computeStrength(amountsOn(range(0, 500), 0.5), {
        frequency: dailyFrequency,
        until: today,
        target,
      })
      expectNear(strengthOn(quarter, 0), 0.25)
    })

    it('overachieving counts as 1', () => {
      const series = computeStrength(amountsOn([0], 10_000), {
        frequency: dailyFrequency,
        until: today,
        target,
      })
      expectNear(strengthOn(series, 0), 0.051922)
    })

    it('a zero target counts every day as done and stays finite', () => {
      const series = computeStrength(amountsOn([3], 1), {
        frequency: dailyFrequency,
        until: today,
        target: { attributeId: 'amount', value: 0 },
      })
      expect(Number.isFinite(strengthOn(series, 0))).toBe(true)
      expectNear(strengthOn(series, 0), 1 - 0.5 ** (4 / 13))
    })

    it('skipped days of a number habit leave it unchanged', () => {
      const done = range(0, 20).filter((offset) => offset !== 10 && offset !== 15)
      const series = computeStrength(amountsOn(done, 2), {
        frequency: dailyFrequency,
        until: today,
        target,
        skippedDays: [addDays(today, -10), addDays(today, -15)],
      })
      expectScores(
        series,
        [
          0.617008, 0.596033, 0.57391, 0.550574, 0.525961, 0.5, 0.472617, 0.443734, 0.41327,
          0.381137, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.192067, 0.14782,
          0.101149, 0.051922, 0, 0, 0,
        ],
      )
    })

    it('at most: starts at 100%, falls when over the target, full marks when nothing is logged', () => {
      const atMost = { attributeId: 'amount', value: 2, type: 'atMost' as const }
      const within = computeStrength(amountsOn([2, 1, 0], 1), {
        frequency: dailyFrequency,
        until: today,
        target: atMost,
      })
      expectNear(strengthOn(within, 0), 1)
      const over = computeStrength(amountsOn([0], 4), {
        frequency: dailyFrequency,
        until: today,
        target: atMost,
      })
      expectNear(strengthOn(over, 0), 1 - 0.051922)
      const zero = computeStrength(amountsOn([1, 0], 1), {
        frequency: dailyFrequency,
        until: today,
        target: { ...atMost, value: 0 },
      })
      expect(strengthOn(zero, 0)).toBeCloseTo(0.948078 ** 2, 5)
      const nothing = computeStrength(amountsOn([], 1), {
        frequency: dailyFrequency,
        until: today,
        target: { ...atMost, value: 0 },
      })
      expect(nothing.scores).toEqual([1])
    })

    it('events without a value count as nothing done', () => {
      const totals = buildDayTotals([buildEvent({ eventDate: today })], 'UTC')
      const series = computeStrength(totals, { frequency: dailyFrequency, until: today, target })
      expect(series.scores).toEqual([0])
    })
  })
})

describe('computeStrength edges', () => {
  it('no events: one day at 0, ending on until', () => {
    expect(computeStrength(doneOn([]), { frequency: dailyFrequency, until: today })).toEqual({
      firstDay: today,
      scores: [0],
    })
  })

  it('ignores events after until', () => {
    const series = computeStrength(doneOn([-3, 1]), { frequency: dailyFrequency, until: today })
    expect(series.firstDay).toBe(addDays(today, -1))
    expect(series.scores).toHaveLength(2)
    expect(getStrengthOn(series, addDays(today, 5))).toBe(series.scores[1])
  })

  it('starts at until when every event is later', () => {
    const series = computeStrength(doneOn([-3]), { frequency: dailyFrequency, until: today })
    expect(series).toEqual({ firstDay: today, scores: [0] })
  })

  it('rejects a bad frequency or day', () => {
    expect(() =>
      computeStrength(doneOn([0]), { frequency: { numerator: 0, denominator: 1 }, until: today }),
    ).toThrow(RangeError)
    expect(() =>
      computeStrength(doneOn([0]), { frequency: dailyFrequency, until: '2026-02-30' }),
    ).toThrow(RangeError)
  })

  it('is 0 before the series starts', () => {
    const series = computeStrength(doneOn([2]), { frequency: dailyFrequency, until: today })
    expect(getStrengthOn(series, addDays(today, -3))).toBe(0)
    expect(getStrengthOn({ firstDay: today, scores: [] }, today)).toBe(0)
  })
})

/**
 * Loop's ScoreList.recompute transcribed independently for the test: entries newest first
 * (index 0 is `until`), 2 for a done day, 3 for a skip, -1 unknown, values of number habits in
 * thousandths, the rolling window walked by offsets as Loop does.
 */
function loopScores(
  entries: readonly number[],
  frequency: StrengthFrequency,
  numerical: { target: number } | null,
): number[] {
  let numerator = frequency.numerator
  let denominator = frequency.denominator
  const freq = numerator / denominator
  if (!numerical && freq < 1) {
    numerator *= 2
    denominator *= 2
  }
  let rollingSum = 0
  let previous = 0
  const oldestFirst: number[] = []
  for (let i = 0; i < entries.length; i++) {
    const offset = entries.length - i - 1
    const value = entries[offset] as number
    if (numerical) {
      rollingSum += Math.max(0, value)
      if (offset + denominator < entries.length) {
        rollingSum -= Math.max(0, entries[offset + denominator] as number)
      }
      if (value !== 3) {
        const done = numerical.target > 0 ? Math.min(1, rollingSum / 1000 / numerical.target) : 1
        const multiplier = 0.5 ** (Math.sqrt(freq) / 13)
        previous = previous * multiplier + done * (1 - multiplier)
      }
    } else {
      if (value === 2) rollingSum += 1
      if (offset + denominator < entries.length && entries[offset + denominator] === 2) {
        rollingSum -= 1
      }
      if (value !== 3) {
        const done = Math.min(1, rollingSum / numerator)
        const multiplier = 0.5 ** (Math.sqrt(freq) / 13)
        previous = previous * multiplier + done * (1 - multiplier)
      }
    }
    oldestFirst.push(previous)
  }
  return oldestFirst
}

/** A random history: per day (oldest first) 'done', 'skip' or 'none'. */
const historyArbitrary = fc.array(fc.constantFrom('done', 'done', 'none', 'none', 'skip'), {
  minLength: 1,
  maxLength: 200,
})
const frequencyArbitrary = fc.constantFrom<StrengthFrequency>(
  { numerator: 1, denominator: 1 },
  { numerator: 1, denominator: 7 },
  { numerator: 3, denominator: 7 },
  { numerator: 1, denominator: 30 },
  { numerator: 5, denominator: 14 },
  { numerator: 2, denominator: 3 },
)

/** Our inputs for a history that ends today, and Loop's entries for it (from its first entry). */
function toInputs(history: readonly string[]) {
  const start = history.findIndex((day) => day !== 'none')
  const dayOf = (index: number) => addDays(today, index - (history.length - 1))
  const events = history.flatMap((day, index) =>
    day === 'done' ? [buildEvent({ activityId: 'habit', eventDate: dayOf(index) })] : [],
  )
  const skippedDays = history.flatMap((day, index) => (day === 'skip' ? [dayOf(index)] : []))
  const loopEntries = (start < 0 ? ['none'] : history.slice(start))
    .map((day) => (day === 'done' ? 2 : day === 'skip' ? 3 : -1))
    .reverse()
  return { totals: buildDayTotals(events, 'UTC'), skippedDays, loopEntries }
}

describe("computeStrength against Loop's formula computed in the test", () => {
  it('equals it for several fixed histories', () => {
    const histories = [
      ['done', 'none', 'done', 'done', 'skip', 'none', 'none', 'done'],
      Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 'done' : 'none')),
      Array.from({ length: 90 }, (_, i) => (i % 7 === 2 ? 'done' : i % 7 === 5 ? 'skip' : 'none')),
      ['none', 'none', 'done', ...Array.from({ length: 40 }, () => 'none')],
    ]
    for (const history of histories) {
      for (const frequency of [dailyFrequency, getStrengthFrequency(weekly)]) {
        const { totals, skippedDays, loopEntries } = toInputs(history)
        const ours = computeStrength(totals, { frequency, until: today, skippedDays })
        const theirs = loopScores(loopEntries, frequency, null)
        expectSameScores(ours.scores, theirs, 1e-9)
      }
    }
  })

  it('equals it for random yes/no histories and frequencies', () => {
    fc.assert(
      fc.property(historyArbitrary, frequencyArbitrary, (history, frequency) => {
        const { totals, skippedDays, loopEntries } = toInputs(history)
        const ours = computeStrength(totals, { frequency, until: today, skippedDays })
        const theirs = loopScores(loopEntries, frequency, null)
        expectSameScores(ours.scores, theirs)
      }),
    )
  })

  it('equals it for random number histories', () => {
    const amounts = fc.array(
      fc.option(
        fc.integer({ min: 0, max: 5000 }).filter((amount) => amount !== 3),
        { nil: undefined },
      ),
      {
        minLength: 1,
        maxLength: 120,
      },
    )
    fc.assert(
      fc.property(
        amounts,
        frequencyArbitrary,
        fc.integer({ min: 0, max: 4 }),
        (days, frequency, target) => {
          const dayOf = (index: number) => addDays(today, index - (days.length - 1))
          const events = days.flatMap((amount, index) =>
            amount === undefined
              ? []
              : [
                  buildEvent({
                    activityId: 'habit',
                    eventDate: dayOf(index),
                    attributes: { amount: amount / 1000 },
                  }),
                ],
          )
          const totals = buildDayTotals(events, 'UTC')
          const ours = computeStrength(totals, {
            frequency,
            until: today,
            target: { attributeId: 'amount', value: target },
          })
          const start = days.findIndex((amount) => amount !== undefined)
          const entries = (start < 0 ? [undefined] : days.slice(start))
            .map((amount) => amount ?? -1)
            .reverse()
          const theirs = loopScores(entries, frequency, { target })
          expectSameScores(ours.scores, theirs)
        },
      ),
    )
  })
})

describe('computeStrength properties', () => {
  it('stays in [0, 1]', () => {
    fc.assert(
      fc.property(historyArbitrary, frequencyArbitrary, (history, frequency) => {
        const { totals, skippedDays } = toInputs(history)
        const { scores } = computeStrength(totals, { frequency, until: today, skippedDays })
        for (const score of scores) {
          expect(score).toBeGreaterThanOrEqual(0)
          expect(score).toBeLessThanOrEqual(1)
        }
      }),
    )
  })

  it('never falls when done days are added', () => {
    fc.assert(
      fc.property(
        historyArbitrary,
        frequencyArbitrary,
        fc.array(fc.nat(250), { maxLength: 20 }),
        (history, frequency, added) => {
          const { totals } = toInputs(history.map((day) => (day === 'skip' ? 'none' : day)))
          const before = computeStrength(totals, { frequency, until: today })
          const events = added.map((offset) => buildEvent({ eventDate: addDays(today, -offset) }))
          const more = computeStrength(
            buildDayTotals(
              [
                ...events,
                ...history.flatMap((day, index) =>
                  day === 'done'
                    ? [buildEvent({ eventDate: addDays(today, index - (history.length - 1)) })]
                    : [],
                ),
              ],
              'UTC',
            ),
            { frequency, until: today },
          )
          for (let offset = 0; offset < 260; offset++) {
            expect(strengthOn(more, offset)).toBeGreaterThanOrEqual(
              strengthOn(before, offset) - 1e-12,
            )
          }
        },
      ),
    )
  })
})

describe('updateStrength', () => {
  const options: StrengthOptions = { frequency: getStrengthFrequency(weekly), until: today }

  it('equals a full computation after an event on any day', () => {
    fc.assert(
      fc.property(historyArbitrary, fc.nat(220), (history, offset) => {
        const { totals } = toInputs(history.map((day) => (day === 'skip' ? 'none' : day)))
        const previous = computeStrength(totals, options)
        const changedDay = addDays(today, -offset)
        const events = [
          buildEvent({ eventDate: changedDay }),
          ...history.flatMap((day, index) =>
            day === 'done'
              ? [buildEvent({ eventDate: addDays(today, index - (history.length - 1)) })]
              : [],
          ),
        ]
        const next = buildDayTotals(events, 'UTC')
        const updated = updateStrength(previous, next, options, changedDay)
        const full = computeStrength(next, options)
        expect(updated.firstDay).toBe(full.firstDay)
        expectSameScores(updated.scores, full.scores, 1e-12)
      }),
    )
  })

  it('extends to a later until, reusing the days before the change', () => {
    const totals = doneOn(range(0, 30))
    const previous = computeStrength(totals, options)
    const tomorrow = addDays(today, 1)
    const later = { ...options, until: tomorrow }
    const updated = updateStrength(previous, totals, later, tomorrow)
    expect(updated.scores).toEqual(computeStrength(totals, later).scores)
  })
})

describe('sampleStrength', () => {
  const series = computeStrength(doneOn(range(0, 40)), { frequency: dailyFrequency, until: today })

  it('one point per day', () => {
    const points = sampleStrength(series, 'day', addDays(today, -2), today)
    expect(points.map((point) => point.day)).toEqual([
      addDays(today, -2),
      addDays(today, -1),
      today,
    ])
    expect(points[2]?.score).toBe(getStrengthOn(series, today))
  })

  it('weeks and months end on their last day, the current one on `to`', () => {
    // 2026-03-10 is a Tuesday.
    expect(sampleStrength(series, 'week', '2026-02-25', today).map((p) => p.day)).toEqual([
      '2026-03-01',
      '2026-03-08',
      '2026-03-10',
    ])
    expect(sampleStrength(series, 'month', '2026-01-15', today).map((p) => p.day)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-10',
    ])
  })

  it('is empty when to is before from', () => {
    expect(sampleStrength(series, 'day', today, addDays(today, -1))).toEqual([])
  })
})
