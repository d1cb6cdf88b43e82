/*
 * A hybrid logical clock (Kulkarni et al., 2014): a time that follows the wall clock, never goes
 * back, and is always after every time its holder has seen, so that "made later" holds between
 * devices whose clocks disagree. A time is the wall clock's milliseconds, a counter for changes
 * within one millisecond, and the node that made it (the tie-break: two nodes never make one
 * time). Written as `2026-11-29T05:00:00.000Z-00003-k7f2a`: text order is time order.
 */

/** A hybrid logical time. */
export interface Hlc {
  /** Milliseconds since the epoch (the wall clock part). */
  wall: number
  /** Changes within `wall` before this one (0 to HLC_COUNTER_MAX). */
  counter: number
  /** The clock that made it: letters and digits, 1 to 32. */
  node: string
}

/** The highest counter; one more change in that millisecond moves on to the next one. */
export const HLC_COUNTER_MAX = 99_999

const HLC_TEXT = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)-(\d{5})-([A-Za-z0-9]{1,32})$/
const NODE = /^[A-Za-z0-9]{1,32}$/

/** The text of a time (see the format above); its text order is its time order. */
export function formatHlc(time: Hlc): string {
  return `${new Date(time.wall).toISOString()}-${String(time.counter).padStart(5, '0')}-${time.node}`
}

/** The time a text names, or undefined when it is not one (malformed, or a date that is not). */
export function parseHlc(text: string): Hlc | undefined {
  const match = HLC_TEXT.exec(text)
  if (!match) return undefined
  const [, iso, counter, node] = match as unknown as [string, string, string, string]
  const wall = Date.parse(iso)
  // Date.parse rolls 2026-02-30 over; only a date that prints back as itself is one.
  if (Number.isNaN(wall) || new Date(wall).toISOString() !== iso) return undefined
  return { wall, counter: Number(counter), node }
}

/** Whether `node` may name a clock. */
export const isHlcNode = (node: string): boolean => NODE.test(node)

/** Negative when `a` is earlier than `b`, 0 when the same time, positive when later. */
export function compareHlc(a: Hlc, b: Hlc): number {
  if (a.wall !== b.wall) return a.wall - b.wall
  if (a.counter !== b.counter) return a.counter - b.counter
  return a.node < b.node ? -1 : a.node > b.node ? 1 : 0
}

/** The later of two times (`a` when the same). */
export const laterHlc = (a: Hlc, b: Hlc): Hlc => (compareHlc(b, a) > 0 ? b : a)

function next(wall: number, counter: number, node: string): Hlc {
  return counter > HLC_COUNTER_MAX ? { wall: wall + 1, counter: 0, node } : { wall, counter, node }
}

/**
 * The time of a change made now (`now`: the wall clock, ms) on the clock `node` whose last time
 * was `last` (none yet: undefined): the wall clock, or just after `last` when that is not earlier
 * (a clock set back, or many changes in one millisecond). Always after `last`.
 */
export function tickHlc(now: number, last: Hlc | undefined, node: string): Hlc {
  if (!last || now > last.wall) return { wall: now, counter: 0, node }
  return next(last.wall, last.counter + 1, node)
}

/**
 * The clock's time after it saw `remote` (a time made elsewhere): after both `last` and `remote`,
 * and not before the wall clock `now`. Every change it makes afterwards is later than `remote`,
 * whatever its wall clock says: a device whose clock is behind still edits after what it saw.
 */
export function receiveHlc(last: Hlc | undefined, remote: Hlc, now: number, node: string): Hlc {
  const base = last ?? { wall: Number.NEGATIVE_INFINITY, counter: -1, node }
  const wall = Math.max(base.wall, remote.wall, now)
  if (wall === base.wall && wall === remote.wall) {
    return next(wall, Math.max(base.counter, remote.counter) + 1, node)
  }
  if (wall === base.wall) return next(wall, base.counter + 1, node)
  if (wall === remote.wall) return next(wall, remote.counter + 1, node)
  return { wall, counter: 0, node }
}

/**
 * `time` as a receiver whose wall clock reads `now` takes it: a time after `now` (a clock ahead)
 * counts as made at `now`, since no change reaches anyone before it was made. This bounds a fast
 * clock: its changes are never later than their arrival, and the receiver's next tick is after
 * them, so a device an hour ahead cannot win over every change made in its hour.
 */
export function boundHlc(time: Hlc, now: number): Hlc {
  return time.wall > now ? { wall: now, counter: 0, node: time.node } : time
}
