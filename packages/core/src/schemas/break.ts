import { z } from 'zod'
import { CalendarDay, ClientId, Id, IsoDateTime, RecordStamp, trimmedText } from './common'

export const BREAK_NOTE_MAX_LENGTH = 200
export const BREAK_TO_BEFORE_FROM = "Must be on or after 'From'."

/**
 * A break (issue 49): days a habit, or every habit, is off: a skipped day, a holiday. Its days
 * are neither done nor missed (core's breaks.ts says what that means everywhere).
 */
export const BreakInput = z
  .object({
    id: ClientId,
    activityId: Id.nullable()
      .default(null)
      .describe('The habit it pauses, yours and live; null: every habit (a vacation).'),
    from: CalendarDay.describe('The first day off, `YYYY-MM-DD` in your time zone.'),
    to: CalendarDay.describe('The last day off, inclusive: `from` or later.'),
    note: trimmedText('Note', BREAK_NOTE_MAX_LENGTH).default(''),
  })
  .refine((input) => input.to >= input.from, { path: ['to'], message: BREAK_TO_BEFORE_FROM })
export type BreakInput = z.input<typeof BreakInput>
export const BreakUpdateInput = BreakInput
export type BreakUpdateInput = z.input<typeof BreakUpdateInput>

export const Break = z.object({
  ...RecordStamp,
  activityId: Id.nullable(),
  from: z.string().describe('First day off (YYYY-MM-DD).'),
  to: z.string().describe('Last day off, inclusive.'),
  note: z.string(),
  updatedAt: IsoDateTime.nullable(),
})
export type Break = z.infer<typeof Break>
