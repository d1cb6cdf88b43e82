import { prng, uuidFrom } from './util'

/**
 * The heavy user, deterministic from a seed: 40 activities in 6 groups (34 grouped, 6 not),
 * every schedule type, 18 attributes (each of the 9 types twice), goals of each cadence, and
 * events day by day at per-activity rates summing to ~38 a day (~70,000 in 5 years). Events
 * end on `endDay` (exclusive), dated at a local time of day in America/Phoenix (UTC-7).
 */

export type ScheduleSpec =
  | { type: 'Daily' }
  | { type: 'Weekly'; days: number[] }
  | { type: 'Monthly'; dayOfMonth: number }
  | { type: 'Unscheduled' }

export interface ActivitySpec {
  name: string
  schedule: ScheduleSpec
  /** Mean events per day. */
  rate: number
  group: number | null
}

export interface AttributeSpec {
  activity: number
  body: Record<string, unknown>
}

export interface EventSpec {
  id: string
  activity: number
  eventDate: Date
  createdAt: Date
  /** Values keyed by attribute index (mapped to server ids when seeding). */
  values: Record<number, unknown>
}

export const GROUPS = ['Health', 'Fitness', 'Mind', 'Home', 'Work', 'Social']

const NAMES = [
  'Water',
  'Coffee',
  'Push-up sets',
  'Run',
  'Meditate',
  'Read',
  'Sleep log',
  'Stretch',
  'Journal',
  'Vitamins',
  'Floss',
  'Walk',
  'Cycle',
  'Yoga',
  'Guitar',
  'Spanish',
  'Cook',
  'Dishes',
  'Laundry',
  'Plants',
  'Inbox zero',
  'Deep work',
  'Stand-up',
  'Code review',
  'Call family',
  'Text a friend',
  'Gratitude',
  'No sugar',
  'Steps 10k',
  'Cold shower',
  'Swim',
  'Climb',
  'Budget',
  'Declutter',
  'Dentist',
  'Haircut',
  'Museum',
  'Volunteer',
  'Bake bread',
  'Board games',
]

export function activitySpecs(): ActivitySpec[] {
  return NAMES.map((name, i): ActivitySpec => {
    // 0-2 several a day; 3-23 daily; 24-31 weekly; 32-35 monthly; 36-39 unscheduled.
    let schedule: ScheduleSpec
    let rate: number
    if (i === 0) [schedule, rate] = [{ type: 'Daily' }, 9]
    else if (i === 1) [schedule, rate] = [{ type: 'Daily' }, 3]
    else if (i === 2) [schedule, rate] = [{ type: 'Daily' }, 4]
    else if (i < 24) [schedule, rate] = [{ type: 'Daily' }, 0.7 + ((i * 7) % 10) / 40]
    else if (i < 32) [schedule, rate] = [{ type: 'Weekly', days: [1 + (i % 5), 6] }, 3 / 7]
    else if (i < 36) [schedule, rate] = [{ type: 'Monthly', dayOfMonth: 1 + (i % 28) }, 2 / 30]
    else [schedule, rate] = [{ type: 'Unscheduled' }, 0.3]
    return { name, schedule, rate, group: i < 34 ? i % GROUPS.length : null }
  })
}

/** Each of the 9 attribute types twice, on the first activities; some required. */
export function attributeSpecs(): AttributeSpec[] {
  const specs: AttributeSpec[] = [
    {
      activity: 0,
      body: { type: 'number', name: 'Amount', min: 50, max: 1000, unit: 'ml', required: true },
    },
    { activity: 0, body: { type: 'time', name: 'At', min: '05:00', max: '23:30' } },
    {
      activity: 1,
      body: { type: 'select', name: 'Kind', options: ['espresso', 'filter', 'latte'] },
    },
    { activity: 1, body: { type: 'rating' } },
    { activity: 2, body: { type: 'number', name: 'Reps', min: 1, max: 100, required: true } },
    { activity: 2, body: { type: 'duration', unit: 'seconds' } },
    { activity: 3, body: { type: 'duration', unit: 'minutes', required: true } },
    { activity: 3, body: { type: 'number', name: 'Distance', valueType: 'decimal', unit: 'km' } },
    {
      activity: 3,
      body: { type: 'multiselect', name: 'Route', options: ['park', 'river', 'hills', 'track'] },
    },
    { activity: 4, body: { type: 'boolean', name: 'Guided' } },
    { activity: 5, body: { type: 'text', name: 'Title', maxLength: 80 } },
    { activity: 5, body: { type: 'date', name: 'Started' } },
    { activity: 5, body: { type: 'rating', name: 'Liked' } },
    { activity: 6, body: { type: 'time', name: 'Bedtime' } },
    { activity: 7, body: { type: 'select', name: 'Area', options: ['back', 'legs', 'neck'] } },
    { activity: 8, body: { type: 'text', name: 'Mood' } },
    { activity: 8, body: { type: 'multiselect', name: 'Tags', options: ['work', 'home', 'trip'] } },
    { activity: 9, body: { type: 'boolean', name: 'With food' } },
    { activity: 10, body: { type: 'date', name: 'Next check' } },
  ]
  return specs
}

export const GOALS: { activity: number; cadence: 'Daily' | 'Weekly' | 'Monthly' }[] = [
  ...[0, 3, 4, 5, 8, 11].map((activity) => ({ activity, cadence: 'Daily' as const })),
  ...[24, 25, 26].map((activity) => ({ activity, cadence: 'Weekly' as const })),
  ...[32, 33, 34].map((activity) => ({ activity, cadence: 'Monthly' as const })),
]

const pad = (n: number) => String(n).padStart(2, '0')

function valueFor(body: Record<string, unknown>, rand: () => number, day: Date): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T
  switch (body.type) {
    case 'number': {
      const min = (body.min as number | undefined) ?? 0
      const max = (body.max as number | undefined) ?? 50
      const v = min + rand() * (max - min)
      return body.valueType === 'decimal' ? Math.round(v * 100) / 100 : Math.round(v)
    }
    case 'rating':
      return 1 + Math.floor(rand() * 5)
    case 'duration':
      return Math.floor(rand() * 90)
    case 'select':
      return pick(body.options as string[])
    case 'multiselect':
      return (body.options as string[]).filter(() => rand() < 0.4)
    case 'boolean':
      return rand() < 0.5
    case 'date':
      return day.toISOString().slice(0, 10)
    case 'time':
      return `${pad(6 + Math.floor(rand() * 16))}:${pad(Math.floor(rand() * 60))}`
    default:
      return pick(['fine', 'great', 'tired', 'a long day, but a good one'])
  }
}

/**
 * Events of `years` of history ending the day before `endDay`. Deterministic in (seed, years,
 * endDay). `limit` caps the count (for the core section's sizes); order is by day, oldest first.
 */
export function generateEvents(options: {
  seed: number
  years: number
  endDay: Date
  activities?: ActivitySpec[]
  attributes?: AttributeSpec[]
  optionalValueRate?: number
}): EventSpec[] {
  const rand = prng(options.seed)
  const activities = options.activities ?? activitySpecs()
  const attributes = options.attributes ?? attributeSpecs()
  const byActivity = new Map<number, { index: number; body: Record<string, unknown> }[]>()
  attributes.forEach((spec, index) => {
    const list = byActivity.get(spec.activity) ?? []
    list.push({ index, body: spec.body })
    byActivity.set(spec.activity, list)
  })
  const days = Math.round(365.25 * options.years)
  const end = Date.UTC(
    options.endDay.getUTCFullYear(),
    options.endDay.getUTCMonth(),
    options.endDay.getUTCDate(),
  )
  const events: EventSpec[] = []
  for (let d = days; d >= 1; d -= 1) {
    const dayStart = end - d * 86_400_000
    const day = new Date(dayStart)
    activities.forEach((activity, a) => {
      const whole = Math.floor(activity.rate)
      const spread = whole >= 2 ? Math.floor(rand() * (whole + 1)) - Math.floor(whole / 2) : 0
      const n = Math.max(0, whole + spread + (rand() < activity.rate - whole ? 1 : 0))
      for (let k = 0; k < n; k += 1) {
        // 06:00-22:00 in Phoenix (UTC-7) is 13:00-05:00 UTC.
        const eventDate = new Date(dayStart + (13 + rand() * 16) * 3_600_000)
        const values: Record<number, unknown> = {}
        for (const attribute of byActivity.get(a) ?? []) {
          if (attribute.body.required || rand() < (options.optionalValueRate ?? 0.6)) {
            values[attribute.index] = valueFor(attribute.body, rand, day)
          }
        }
        events.push({
          id: uuidFrom(rand),
          activity: a,
          eventDate,
          createdAt: new Date(eventDate.getTime() + Math.floor(rand() * 600_000)),
          values,
        })
      }
    })
  }
  return events
}
