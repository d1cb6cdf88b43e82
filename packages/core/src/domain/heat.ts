import { HEAT_MAX_SHADE, HEAT_SHADE_OFFSET } from '../constants'

/**
 * SPEC §9 calendar heat: shade min(9, count + 3) for a day with events, so 1 event is 4 and 6
 * or more are 9; null (grey) for 0, a missing count, or a negative one.
 */
export function computeHeatShade(count: number | undefined): number | null {
  if (count === undefined || !(count > 0)) return null
  return Math.min(HEAT_MAX_SHADE, count + HEAT_SHADE_OFFSET)
}
