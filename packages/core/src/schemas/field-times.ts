import { z } from 'zod'
import { parseHlc } from '../domain/hlc'

/** A hybrid logical time as text (core's formatHlc). */
export const HlcText = z
  .string()
  .max(80)
  .refine(
    (text) => parseHlc(text) !== undefined,
    'Must be a hybrid logical time such as 2026-11-29T05:00:00.000Z-00000-phone1.',
  )

/**
 * The times an update's fields were changed, by field name: sent with a PUT so that only changes
 * newer than the stored ones apply (decision 151).
 */
export const FieldTimesInput = z
  .record(z.string().max(64), HlcText)
  .describe(
    'When each field sent was changed on your device, as hybrid logical times (`<ISO instant>-<5-digit counter>-<node>`, e.g. `2026-11-29T05:00:00.000Z-00000-phone1`). A field is changed only when its time is later than its stored one; a time after the server clock counts as now. Fields sent without a time are changes made now. Every key must be a field of the record that the body sends.',
  )
