import { describe, expect, it } from 'vitest'
import { generatePositions, planMove, sortByPosition } from './manual-order'

/** Applies position writes to a list, as the copies of two devices do. */
function apply<T extends { id: string; position?: string | null }>(
  items: T[],
  writes: { id: string; position: string }[],
): T[] {
  const byId = new Map(writes.map((write) => [write.id, write.position]))
  return items.map((item) => (byId.has(item.id) ? { ...item, position: byId.get(item.id) } : item))
}
const ids = (items: { id: string }[]) => items.map((item) => item.id)

describe('the user’s own order', () => {
  it('orders the never-moved after the placed, in the order given', () => {
    const [a, b] = generatePositions(2)
    expect(
      ids(
        sortByPosition([
          { id: 'x', position: null },
          { id: 'b', position: b },
          { id: 'y' },
          { id: 'a', position: a },
        ]),
      ),
    ).toEqual(['a', 'b', 'x', 'y'])
  })

  it('numbers a list never ordered once, then moves one record alone', () => {
    const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]
    const first = planMove(list, 2, 0)
    expect(first).toHaveLength(3)
    const ordered = sortByPosition(apply(list, first))
    expect(ids(ordered)).toEqual(['c', 'a', 'b'])
    const second = planMove(ordered, 0, 2)
    expect(second.map((write) => write.id)).toEqual(['c'])
    expect(ids(sortByPosition(apply(ordered, second)))).toEqual(['a', 'b', 'c'])
    expect(planMove(ordered, 1, 1)).toEqual([])
    expect(planMove(ordered, 5, 0)).toEqual([])
  })

  it('keeps both moves when two devices reorder at once', () => {
    const keys = generatePositions(4)
    const list = ['a', 'b', 'c', 'd'].map((id, index) => ({ id, position: keys[index] as string }))
    // Device 1 moves d to the top; device 2, not knowing it, moves a to the end.
    const one = planMove(list, 3, 0)
    const two = planMove(list, 0, 3)
    const merged = sortByPosition(apply(apply(list, one), two))
    expect(ids(merged)).toEqual(['d', 'b', 'c', 'a'])
  })

  it('gives fresh keys when two records took the same place', () => {
    const [a, b] = generatePositions(2)
    const list = [
      { id: 'a', position: a as string },
      { id: 'x', position: b as string },
      { id: 'y', position: b as string },
    ]
    const writes = planMove(list, 0, 1)
    expect(ids(sortByPosition(apply(list, writes)))).toEqual(['x', 'a', 'y'])
  })
})
