import { describe, expect, it } from 'vitest'
import { PRODUCT_NAME } from '../constants'
import { buildDayTotalsByActivity } from './day-totals'
import type { NotificationPlanInput, ReminderCheck, ReminderOccurrence } from './reminders'
import {
  buildReminderMessage,
  getNextReminderOccurrence,
  getNotificationId,
  isPausedOn,
  listReminderOccurrences,
  parseTimeOfDay,
  planNotifications as plan,
  type ReminderLike,
  resolveLocalTime,
  getReminderSkipReason as skipReason,
} from './reminders'
import {
  buildActivity,
  buildEvent,
  daily,
  monthly,
  type TestEvent,
  unscheduled,
  weeklyOn,
} from './test-fixtures'

/** The skip reason with these events in a zone: the habit's days as the rule reads them. */
function getReminderSkipReason(
  occurrence: Pick<ReminderOccurrence, 'activityId' | 'day'>,
  {
    events,
    timeZone,
    ...check
  }: Omit<ReminderCheck, 'days'> & {
    events: TestEvent[]
    timeZone: string
  },
) {
  const days = buildDayTotalsByActivity(events, timeZone).get(occurrence.activityId)
  return skipReason(occurrence, { ...check, days })
}

/** The plan with these events: every habit's days in the plan's zone. */
function planNotifications({
  events,
  ...input
}: Omit<NotificationPlanInput, 'habitDays'> & { events: TestEvent[] }) {
  return plan({ ...input, habitDays: buildDayTotalsByActivity(events, input.timeZone) })
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6]
const NEW_YORK = 'America/New_York'
const LORD_HOWE = 'Australia/Lord_Howe'

function buildReminder(overrides: Partial<ReminderLike> = {}): ReminderLike {
  return {
    id: 'reminder-1',
    activityId: 'activity-1',
    time: '07:30',
    days: EVERY_DAY,
    ...overrides,
  }
}

/** The local wall clock `HH:mm` of an instant in a zone. */
function wallTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant))
}

describe('parseTimeOfDay', () => {
  it('reads HH:mm as minutes after midnight', () => {
    expect(parseTimeOfDay('00:00')).toBe(0)
    expect(parseTimeOfDay('07:30')).toBe(450)
    expect(parseTimeOfDay('23:59')).toBe(1439)
  })

  it('gives NaN for anything else', () => {
    for (const bad of ['24:00', '7:30', '07:60', '07:30:00', '', 'noon']) {
      expect(parseTimeOfDay(bad), bad).toBeNaN()
    }
  })
})

describe('resolveLocalTime', () => {
  it('follows the offset of the day: New York around the March change', () => {
    // EST (UTC-5) before 2026-03-08, EDT (UTC-4) from then on.
    expect(resolveLocalTime('2026-03-07', '07:30', NEW_YORK)).toBe('2026-03-07T12:30:00.000Z')
    expect(resolveLocalTime('2026-03-08', '07:30', NEW_YORK)).toBe('2026-03-08T11:30:00.000Z')
    expect(resolveLocalTime('2026-03-09', '07:30', NEW_YORK)).toBe('2026-03-09T11:30:00.000Z')
  })

  it('moves a time skipped by a spring gap forward by the gap (New York 02:30 → 03:30)', () => {
    const at = resolveLocalTime('2026-03-08', '02:30', NEW_YORK)
    expect(at).toBe('2026-03-08T07:30:00.000Z')
    expect(wallTime(at, NEW_YORK)).toBe('03:30')
    // The minute before the gap is untouched.
    expect(resolveLocalTime('2026-03-08', '01:59', NEW_YORK)).toBe('2026-03-08T06:59:00.000Z')
  })

  it('takes the first of a time repeated in autumn (New York 01:30 EDT, not EST)', () => {
    expect(resolveLocalTime('2026-11-01', '01:30', NEW_YORK)).toBe('2026-11-01T05:30:00.000Z')
  })

  it('handles the half-hour changes of Lord Howe Island', () => {
    // 2026-10-04 02:00 +10:30 becomes 02:30 +11: 02:15 does not exist and fires at 02:45.
    const gap = resolveLocalTime('2026-10-04', '02:15', LORD_HOWE)
    expect(gap).toBe('2026-10-03T15:45:00.000Z')
    expect(wallTime(gap, LORD_HOWE)).toBe('02:45')
    expect(resolveLocalTime('2026-10-04', '07:30', LORD_HOWE)).toBe('2026-10-03T20:30:00.000Z')
    expect(resolveLocalTime('2026-10-03', '07:30', LORD_HOWE)).toBe('2026-10-02T21:00:00.000Z')
    // 2026-04-05 02:00 +11 becomes 01:30 +10:30: 01:45 happens twice, the first (+11) wins.
    expect(resolveLocalTime('2026-04-05', '01:45', LORD_HOWE)).toBe('2026-04-04T14:45:00.000Z')
  })

  it('rejects a bad day, time or zone', () => {
    expect(() => resolveLocalTime('2026-02-30', '07:30', NEW_YORK)).toThrow(RangeError)
    expect(() => resolveLocalTime('2026-03-08', '7:30', NEW_YORK)).toThrow(RangeError)
    expect(() => resolveLocalTime('2026-03-08', '07:30', 'Mars/Olympus')).toThrow(RangeError)
  })
})

describe('getNextReminderOccurrence', () => {
  it('gives the first occurrence strictly after the instant', () => {
    const reminder = buildReminder()
    expect(getNextReminderOccurrence(reminder, '2026-03-10T11:00:00.000Z', 'UTC')).toEqual({
      reminderId: 'reminder-1',
      activityId: 'activity-1',
      day: '2026-03-11',
      at: '2026-03-11T07:30:00.000Z',
    })
  })

  it('skips weekdays it is not set for', () => {
    // Mondays and Thursdays; 2026-03-10 is a Tuesday.
    const reminder = buildReminder({ days: [1, 4] })
    const next = getNextReminderOccurrence(reminder, '2026-03-10T00:00:00.000Z', 'UTC')
    expect(next?.day).toBe('2026-03-12')
    expect(getNextReminderOccurrence(reminder, next?.at ?? '', 'UTC')?.day).toBe('2026-03-16')
  })

  it('fires once on a day its time happens twice', () => {
    const reminder = buildReminder({ time: '01:30' })
    const first = getNextReminderOccurrence(reminder, '2026-10-31T12:00:00.000Z', NEW_YORK)
    expect(first).toMatchObject({ day: '2026-11-01', at: '2026-11-01T05:30:00.000Z' })
    const second = getNextReminderOccurrence(reminder, first?.at ?? '', NEW_YORK)
    expect(second).toMatchObject({ day: '2026-11-02', at: '2026-11-02T06:30:00.000Z' })
  })

  it('is null for a reminder without days or deleted', () => {
    expect(getNextReminderOccurrence(buildReminder({ days: [] }), '2026-03-10', 'UTC')).toBeNull()
    const deleted = buildReminder({ deletedAt: '2026-03-01T00:00:00.000Z' })
    expect(getNextReminderOccurrence(deleted, '2026-03-10', 'UTC')).toBeNull()
  })
})

describe('listReminderOccurrences', () => {
  it('lists the occurrences in [from, to), earliest first, ties by reminder id', () => {
    const reminders = [
      buildReminder({ id: 'b', time: '09:00' }),
      buildReminder({ id: 'a', time: '09:00' }),
      buildReminder({ id: 'c', time: '08:00', days: [3] }),
    ]
    // 2026-03-10 is a Tuesday, 03-11 a Wednesday.
    const found = listReminderOccurrences(
      reminders,
      '2026-03-10T09:00:00.000Z',
      '2026-03-11T09:00:00.000Z',
      'UTC',
    )
    expect(found.map((o) => `${o.reminderId} ${o.at}`)).toEqual([
      'a 2026-03-10T09:00:00.000Z',
      'b 2026-03-10T09:00:00.000Z',
      'c 2026-03-11T08:00:00.000Z',
    ])
  })

  it('is empty for an empty or reversed range and skips deleted reminders', () => {
    const reminder = buildReminder()
    expect(listReminderOccurrences([reminder], '2026-03-10', '2026-03-10', 'UTC')).toEqual([])
    expect(listReminderOccurrences([reminder], '2026-03-11', '2026-03-10', 'UTC')).toEqual([])
    const gone = buildReminder({ deletedAt: '2026-03-01T00:00:00.000Z' })
    expect(listReminderOccurrences([gone], '2026-03-10', '2026-03-12', 'UTC')).toEqual([])
  })

  it('fires exactly once every local day of a year, at the right wall time, across DST', () => {
    for (const [timeZone, times] of [
      [NEW_YORK, ['00:30', '01:30', '02:30', '07:30', '23:30']],
      [LORD_HOWE, ['01:45', '02:15', '02:45', '07:30']],
      ['Europe/Berlin', ['02:30', '08:00']],
    ] as const) {
      for (const time of times) {
        const found = listReminderOccurrences(
          [buildReminder({ time })],
          resolveLocalTime('2026-01-01', '00:00', timeZone),
          resolveLocalTime('2027-01-01', '00:00', timeZone),
          timeZone,
        )
        const label = `${timeZone} ${time}`
        expect(found, label).toHaveLength(365)
        expect(new Set(found.map((o) => o.day)).size, label).toBe(365)
        // Off only on the transition days, where the wall time was skipped.
        const shifted = found.filter((o) => wallTime(o.at, timeZone) !== time)
        expect(shifted.length, label).toBeLessThanOrEqual(1)
      }
    }
  })
})

describe('isPausedOn', () => {
  it('pauses up to and including the day', () => {
    expect(isPausedOn('2026-07-31', '2026-08-01')).toBe(true)
    expect(isPausedOn('2026-08-01', '2026-08-01')).toBe(true)
    expect(isPausedOn('2026-08-02', '2026-08-01')).toBe(false)
    expect(isPausedOn('2026-08-02', null)).toBe(false)
    expect(isPausedOn('2026-08-02', undefined)).toBe(false)
  })
})

describe('getReminderSkipReason', () => {
  const activity = buildActivity({ id: 'activity-1', schedule: daily })
  const occurrence = { activityId: 'activity-1', day: '2026-03-11' }
  const check = { activity, events: [], pausedUntil: null, timeZone: NEW_YORK }

  it('lets a reminder through when nothing stops it', () => {
    expect(getReminderSkipReason(occurrence, check)).toBeNull()
  })

  it('skips a reminder of a missing, deleted or other habit', () => {
    expect(getReminderSkipReason(occurrence, { ...check, activity: undefined })).toBe('inactive')
    const deleted = { ...activity, deletedAt: '2026-03-01T00:00:00.000Z' }
    expect(getReminderSkipReason(occurrence, { ...check, activity: deleted })).toBe('inactive')
    const other = buildActivity({ id: 'activity-2' })
    expect(getReminderSkipReason(occurrence, { ...check, activity: other })).toBe('inactive')
  })

  it('skips while paused, the last day included', () => {
    expect(getReminderSkipReason(occurrence, { ...check, pausedUntil: '2026-03-11' })).toBe(
      'paused',
    )
    expect(getReminderSkipReason(occurrence, { ...check, pausedUntil: '2026-03-10' })).toBeNull()
  })

  it('skips a daily habit done that local day, not one done the day before', () => {
    // 2026-03-11T02:00Z is still March 10 in New York.
    const lateEvening = buildEvent({ eventDate: '2026-03-11T02:00:00.000Z' })
    expect(getReminderSkipReason(occurrence, { ...check, events: [lateEvening] })).toBeNull()
    const morning = buildEvent({ eventDate: '2026-03-11T12:00:00.000Z' })
    expect(getReminderSkipReason(occurrence, { ...check, events: [morning] })).toBe('done')
  })

  it('ignores deleted events and events of other habits', () => {
    const events = [
      buildEvent({ eventDate: '2026-03-11T12:00:00.000Z', deletedAt: '2026-03-11T13:00:00.000Z' }),
      buildEvent({ activityId: 'activity-2', eventDate: '2026-03-11T12:00:00.000Z' }),
    ]
    expect(getReminderSkipReason(occurrence, { ...check, events })).toBeNull()
  })

  it('judges weekly habits on the ISO week and monthly ones on the month', () => {
    // Monday 2026-03-09 is in the week of Wednesday 2026-03-11; 2026-03-01 is in its month.
    const monday = buildEvent({ eventDate: '2026-03-09T12:00:00.000Z' })
    const firstOfMonth = buildEvent({ eventDate: '2026-03-01T12:00:00.000Z' })
    const weeklyHabit = { ...activity, schedule: weeklyOn(1, 3) }
    const monthlyHabit = { ...activity, schedule: monthly }
    expect(
      getReminderSkipReason(occurrence, { ...check, activity: weeklyHabit, events: [monday] }),
    ).toBe('done')
    expect(
      getReminderSkipReason(occurrence, {
        ...check,
        activity: weeklyHabit,
        events: [firstOfMonth],
      }),
    ).toBeNull()
    expect(
      getReminderSkipReason(occurrence, {
        ...check,
        activity: monthlyHabit,
        events: [firstOfMonth],
      }),
    ).toBe('done')
  })

  it('judges unscheduled habits on the day', () => {
    const habit = { ...activity, schedule: unscheduled }
    const yesterday = buildEvent({ eventDate: '2026-03-10T16:00:00.000Z' })
    const today = buildEvent({ eventDate: '2026-03-11' })
    expect(
      getReminderSkipReason(occurrence, { ...check, activity: habit, events: [yesterday] }),
    ).toBeNull()
    expect(getReminderSkipReason(occurrence, { ...check, activity: habit, events: [today] })).toBe(
      'done',
    )
  })
})

describe('buildReminderMessage', () => {
  it('names the habit in the title and the body', () => {
    expect(buildReminderMessage('Meditate')).toEqual({
      title: 'Meditate',
      body: `Time for Meditate. ${PRODUCT_NAME} reminder.`,
    })
  })
})

describe('getNotificationId', () => {
  it('is a stable positive 31-bit integer per reminder and day', () => {
    const id = getNotificationId('reminder-1', '2026-03-10')
    expect(id).toBe(getNotificationId('reminder-1', '2026-03-10'))
    expect(id).not.toBe(getNotificationId('reminder-1', '2026-03-11'))
    expect(id).not.toBe(getNotificationId('reminder-2', '2026-03-10'))
    const ids = Array.from({ length: 2000 }, (_, index) =>
      getNotificationId(
        `reminder-${index % 40}`,
        `2026-03-${String((index % 28) + 1).padStart(2, '0')}`,
      ),
    )
    for (const value of ids) {
      expect(Number.isInteger(value)).toBe(true)
      expect(value).toBeGreaterThan(0)
      expect(value).toBeLessThanOrEqual(0x7fffffff)
    }
  })
})

describe('planNotifications', () => {
  const meditate = buildActivity({ id: 'meditate', name: 'Meditate', schedule: daily })
  const run = buildActivity({ id: 'run', name: 'Run', schedule: weeklyOn(2, 4) })
  // Tuesday 2026-03-10, 10:00 in New York.
  const now = '2026-03-10T14:00:00.000Z'
  const base = {
    activities: [meditate, run],
    events: [],
    pausedUntil: null,
    now,
    timeZone: NEW_YORK,
  }

  it('plans the next 7 days, earliest first, from after now', () => {
    const plan = planNotifications({
      ...base,
      reminders: [
        buildReminder({ id: 'morning', activityId: 'meditate', time: '07:00' }),
        buildReminder({ id: 'evening', activityId: 'meditate', time: '21:00' }),
      ],
    })
    // Today's 07:00 has passed: today 21:00, then both on the next six days, then 07:00 on
    // the seventh (before 10:00).
    expect(plan).toHaveLength(14)
    expect(plan[0]).toMatchObject({
      reminderId: 'evening',
      day: '2026-03-10',
      at: '2026-03-11T01:00:00.000Z',
      title: 'Meditate',
    })
    expect(plan.at(-1)).toMatchObject({ reminderId: 'morning', day: '2026-03-17' })
    expect(plan.map((item) => item.at)).toEqual([...plan.map((item) => item.at)].sort())
    expect(new Set(plan.map((item) => item.id)).size).toBe(plan.length)
    expect(plan[0]?.id).toBe(getNotificationId('evening', '2026-03-10'))
  })

  it('keeps to the limit, the earliest first (iOS keeps 64 pending)', () => {
    const reminders = Array.from({ length: 12 }, (_, index) =>
      buildReminder({
        id: `r${index}`,
        activityId: 'meditate',
        time: `${String(8 + index).padStart(2, '0')}:15`,
      }),
    )
    const plan = planNotifications({ ...base, reminders })
    expect(plan).toHaveLength(64)
    const full = planNotifications({ ...base, reminders, limit: 1000 })
    expect(full.length).toBeGreaterThan(64)
    expect(plan).toEqual(full.slice(0, 64))
    expect(planNotifications({ ...base, reminders, limit: 0 })).toEqual([])
  })

  it("leaves out today's reminder once the habit is done, and the week's for weekly ones", () => {
    const reminders = [
      buildReminder({ id: 'm', activityId: 'meditate', time: '21:00' }),
      buildReminder({ id: 'r', activityId: 'run', time: '18:00', days: [2, 4] }),
    ]
    const events = [
      buildEvent({ activityId: 'meditate', eventDate: '2026-03-10T13:00:00.000Z' }),
      buildEvent({ activityId: 'run', eventDate: '2026-03-09T13:00:00.000Z' }),
    ]
    const plan = planNotifications({ ...base, reminders, events, days: 8 })
    const days = (id: string) => plan.filter((item) => item.reminderId === id).map((i) => i.day)
    expect(days('m')).not.toContain('2026-03-10')
    expect(days('m')).toContain('2026-03-11')
    // Run is done this week (Monday): Tuesday and Thursday are skipped, next Tuesday is not.
    expect(days('r')).toEqual(['2026-03-17'])
  })

  it('skips paused days and reminders of deleted or unknown habits', () => {
    const reminders = [
      buildReminder({ id: 'm', activityId: 'meditate', time: '21:00' }),
      buildReminder({ id: 'x', activityId: 'unknown', time: '21:00' }),
    ]
    const plan = planNotifications({ ...base, reminders, pausedUntil: '2026-03-14' })
    expect(plan.map((item) => item.day)).toEqual(['2026-03-15', '2026-03-16'])
    const deleted = { ...meditate, deletedAt: '2026-03-01T00:00:00.000Z' }
    expect(planNotifications({ ...base, reminders, activities: [deleted] })).toEqual([])
  })

  it('plans across a DST change at the local time', () => {
    const plan = planNotifications({
      ...base,
      now: '2026-03-06T14:00:00.000Z',
      days: 3,
      reminders: [buildReminder({ activityId: 'meditate', time: '07:30' })],
    })
    expect(plan.map((item) => item.at)).toEqual([
      '2026-03-07T12:30:00.000Z',
      '2026-03-08T11:30:00.000Z',
      '2026-03-09T11:30:00.000Z',
    ])
  })
})
