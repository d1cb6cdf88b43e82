import { z } from 'zod'
import { DEFAULT_MONTHLY_DAY } from '../constants'

export const ScheduleType = z.enum(['Unscheduled', 'Daily', 'Weekly', 'Monthly'])
export type ScheduleType = z.infer<typeof ScheduleType>

/** Weekday numbers as JavaScript's getDay(): 0 Sunday … 6 Saturday. */
export const Weekday = z.number().int().min(0).max(6)

const Unscheduled = z.object({ type: z.literal('Unscheduled') })
const Daily = z.object({ type: z.literal('Daily') })
const Monthly = z.object({
  type: z.literal('Monthly'),
  dayOfMonth: z.number().int().min(1).max(31),
})
const WeekDays = z.array(Weekday).max(7)

/** What a client sends: weekly days are sorted and de-duplicated (a one-way transform). */
export const Schedule = z.discriminatedUnion('type', [
  Unscheduled,
  Daily,
  z.object({
    type: z.literal('Weekly'),
    days: WeekDays.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  }),
  Monthly,
])
export type Schedule = z.infer<typeof Schedule>

/**
 * A schedule as stored and answered (already normalised by Schedule): the same shape without
 * transforms, so it can be serialised (zod encode) and described as one JSON schema.
 */
export const StoredSchedule = z.discriminatedUnion('type', [
  Unscheduled,
  Daily,
  z.object({ type: z.literal('Weekly'), days: WeekDays }),
  Monthly,
])
export type StoredSchedule = z.infer<typeof StoredSchedule>

/** The schedule a type starts with (SPEC §4: a type change resets to these defaults). */
export function defaultSchedule(type: ScheduleType): Schedule {
  switch (type) {
    case 'Unscheduled':
      return { type: 'Unscheduled' }
    case 'Daily':
      return { type: 'Daily' }
    case 'Weekly':
      return { type: 'Weekly', days: [] }
    case 'Monthly':
      return { type: 'Monthly', dayOfMonth: DEFAULT_MONTHLY_DAY }
  }
}
