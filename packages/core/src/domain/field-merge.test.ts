import { describe, expect, it } from 'vitest'
import { mergeFieldChanges } from './field-merge'
import { formatHlc, receiveHlc, tickHlc } from './hlc'

const minute = 60_000
const hour = 60 * minute
const created = Date.parse('2026-11-28T08:00:00.000Z')
const noon = Date.parse('2026-11-29T12:00:00.000Z')
const at = (wall: number, node: string, counter = 0) => formatHlc({ wall, counter, node })

describe('mergeFieldChanges', () => {
  it('applies a change of a field never changed since the record was made', () => {
    const merge = mergeFieldChanges({
      stored: {},
      createdAt: created,
      changed: ['name'],
      times: { name: at(noon - hour, 'phone') },
      now: noon,
    })
    expect(merge.applied).toEqual(['name'])
    expect(merge.replaced).toEqual([])
    expect(merge.times).toEqual({ name: at(noon - hour, 'phone') })
  })

  it('keeps changes of different fields from two devices, in either order', () => {
    const phone = { changed: ['name'], times: { name: at(noon - hour, 'phone') } }
    const laptop = { changed: ['color'], times: { color: at(noon - minute, 'laptop') } }
    for (const [first, second] of [
      [phone, laptop],
      [laptop, phone],
    ] as const) {
      const one = mergeFieldChanges({ stored: {}, createdAt: created, now: noon, ...first })
      const two = mergeFieldChanges({ stored: one.times, createdAt: created, now: noon, ...second })
      expect(one.applied).toEqual(first.changed)
      expect(two.applied).toEqual(second.changed)
      expect(two.times).toEqual({ ...phone.times, ...laptop.times })
    }
  })

  it('keeps the later change of one field, whichever arrives first', () => {
    // The rename: the phone renames offline (earlier), the laptop online (later).
    const phone = { changed: ['name'], times: { name: at(noon - hour, 'phone') } }
    const laptop = { changed: ['name'], times: { name: at(noon - minute, 'laptop') } }
    const laptopFirst = mergeFieldChanges({ stored: {}, createdAt: created, now: noon, ...laptop })
    const phoneLate = mergeFieldChanges({
      stored: laptopFirst.times,
      createdAt: created,
      now: noon,
      ...phone,
    })
    expect(phoneLate).toEqual({ applied: [], replaced: ['name'], times: laptopFirst.times })
    const phoneFirst = mergeFieldChanges({ stored: {}, createdAt: created, now: noon, ...phone })
    const laptopLate = mergeFieldChanges({
      stored: phoneFirst.times,
      createdAt: created,
      now: noon,
      ...laptop,
    })
    expect(laptopLate.applied).toEqual(['name'])
    expect(laptopLate.times.name).toBe(laptop.times.name)
  })

  it('applies a change sent again with the same time (a retry)', () => {
    const times = { name: at(noon - hour, 'phone') }
    const once = mergeFieldChanges({
      stored: {},
      createdAt: created,
      changed: ['name'],
      times,
      now: noon,
    })
    const again = mergeFieldChanges({
      stored: once.times,
      createdAt: created,
      changed: ['name'],
      times,
      now: noon,
    })
    expect(again.applied).toEqual(['name'])
  })

  it('times a change without a time as made now, after every stored time', () => {
    const stored = { name: at(noon, 'phone', 4), '*': at(created, 'server') }
    const merge = mergeFieldChanges({
      stored,
      createdAt: created,
      changed: ['name', 'description'],
      times: {},
      now: noon,
    })
    expect(merge.applied).toEqual(['name', 'description'])
    expect(merge.times.name).toBe(at(noon, 'server', 5))
    expect(merge.times.description).toBe(at(noon, 'server', 5))
  })

  it('takes the time of the last change before fields were timed for fields not listed', () => {
    const stored = { '*': at(noon - minute, 'server') }
    const older = mergeFieldChanges({
      stored,
      createdAt: created,
      changed: ['name'],
      times: { name: at(noon - hour, 'phone') },
      now: noon,
    })
    expect(older.replaced).toEqual(['name'])
  })

  it('does not let a device with its clock an hour ahead win forever', () => {
    // The fast phone renames at noon (its clock says 13:00); the laptop renames a minute later.
    const fast = mergeFieldChanges({
      stored: {},
      createdAt: created,
      changed: ['name'],
      times: { name: at(noon + hour, 'phone') },
      now: noon,
    })
    // Counted as made when it arrived, not at 13:00.
    expect(fast.times.name).toBe(at(noon, 'phone'))
    const later = mergeFieldChanges({
      stored: fast.times,
      createdAt: created,
      changed: ['name'],
      times: { name: at(noon + minute, 'laptop') },
      now: noon + 2 * minute,
    })
    expect(later.applied).toEqual(['name'])
    // And a laptop that saw the fast change edits after it, whatever its own clock says.
    const seen = receiveHlc(
      undefined,
      { wall: noon, counter: 0, node: 'phone' },
      noon - 5 * minute,
      'laptop',
    )
    const edit = formatHlc(tickHlc(noon - 4 * minute, seen, 'laptop'))
    const afterSeen = mergeFieldChanges({
      stored: fast.times,
      createdAt: created,
      changed: ['name'],
      times: { name: edit },
      now: noon + minute,
    })
    expect(afterSeen.applied).toEqual(['name'])
  })
})
