import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'
import { compareCodeUnits } from './order'

/*
 * The user's own order (issue 49, 'My order'): each habit and group holds a fractional index key
 * (`position`, the `fractional-indexing` package), and a move gives the moved record a key
 * between its new neighbours'. Only the moved record is written, so two devices reordering at
 * once both keep their moves when the change feed merges them; nothing is renumbered, except
 * the first time a list is ordered (records without a key yet) or when two keys collided.
 */

/** A record that takes a place in the user's order. */
export interface PositionedLike {
  id: string
  position?: string | null
}

/** A position to store on a record. */
export interface PositionWrite {
  id: string
  position: string
}

/**
 * `items` in the user's order: those with a position by it (code units, ties by id), then those
 * without one in the order given (the caller's default order, e.g. most recently updated).
 */
export function sortByPosition<T extends PositionedLike>(items: readonly T[]): T[] {
  const placed = items.filter((item) => item.position)
  const rest = items.filter((item) => !item.position)
  placed.sort(
    (a, b) =>
      compareCodeUnits(a.position as string, b.position as string) || compareCodeUnits(a.id, b.id),
  )
  return [...placed, ...rest]
}

/** `count` positions in order (the first list an import orders, say). */
export function generatePositions(count: number): string[] {
  return count > 0 ? generateNKeysBetween(null, null, count) : []
}

/** Fresh keys for every item of `list` in its order: the writes of those whose key changes. */
function renumber(list: readonly PositionedLike[]): PositionWrite[] {
  const keys = generateNKeysBetween(null, null, list.length)
  const writes: PositionWrite[] = []
  list.forEach((item, index) => {
    const position = keys[index] as string
    if (item.position !== position) writes.push({ id: item.id, position })
  })
  return writes
}

/**
 * The positions to store so that the item at index `from` of `items` (a list in the user's
 * order, sortByPosition's) stands at index `to`: one write, the moved item's key between its new
 * neighbours'. When a neighbour has no key yet (a list never ordered) or two keys collided (two
 * devices moved items into one gap), the whole list is given fresh keys in its new order.
 * Empty when nothing moves or an index is outside the list.
 */
export function planMove(
  items: readonly PositionedLike[],
  from: number,
  to: number,
): PositionWrite[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return []
  const list = [...items]
  const [moved] = list.splice(from, 1) as [PositionedLike]
  list.splice(to, 0, moved)
  const before = list[to - 1]
  const after = list[to + 1]
  const neighbours = [before, after].filter((item) => item !== undefined)
  if (neighbours.some((item) => !item.position)) return renumber(list)
  try {
    const position = generateKeyBetween(before?.position ?? null, after?.position ?? null)
    return [{ id: moved.id, position }]
  } catch {
    // Equal or unreadable keys: no key fits between them.
    return renumber(list)
  }
}
