import { describe, expect, it } from 'vitest'
import { selectRecentActivities, sortByRecent } from './recents'
import { buildActivity, buildEvent } from './test-fixtures'

describe('sortByRecent', () => {
  it('sorts by updatedAt else createdAt, newest first', () => {
    const old = buildActivity({ name: 'old', createdAt: '2026-01-01T00:00:00.000Z' })
    const edited = buildActivity({
      name: 'edited',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
    })
    const fresh = buildActivity({ name: 'fresh', createdAt: '2026-02-01T00:00:00.000Z' })
    expect(sortByRecent([old, edited, fresh]).map((a) => a.name)).toEqual([
      'edited',
      'fresh',
      'old',
    ])
  })

  it('compares instants, not strings, and keeps ties in input order', () => {
    const a = buildActivity({ name: 'a', createdAt: '2026-03-10T12:00:00+02:00' }) // 10:00Z
    const b = buildActivity({ name: 'b', createdAt: '2026-03-10T11:00:00.000Z' })
    const c = buildActivity({ name: 'c', createdAt: '2026-03-10T11:00:00.000Z' })
    const broken = buildActivity({ name: 'broken', createdAt: 'unknown' })
    expect(sortByRecent([broken, a, b, c]).map((x) => x.name)).toEqual(['b', 'c', 'a', 'broken'])
  })

  it('returns a new array and handles empty input', () => {
    const list = [buildActivity()]
    expect(sortByRecent(list)).not.toBe(list)
    expect(sortByRecent([])).toEqual([])
  })
})

describe('selectRecentActivities', () => {
  const run = buildActivity({ id: 'run', name: 'Run' })
  const read = buildActivity({ id: 'read', name: 'Read' })
  const swim = buildActivity({ id: 'swim', name: 'Swim' })
  const yoga = buildActivity({ id: 'yoga', name: 'Yoga' })
  const gone = buildActivity({ id: 'gone', name: 'Gone', deletedAt: '2026-03-01T00:00:00.000Z' })
  const used = (activityId: string, createdAt: string, deletedAt: string | null = null) =>
    buildEvent({ activityId, createdAt, eventDate: '2020-01-01T00:00:00.000Z', deletedAt })

  it('picks the three most recently used by event creation date', () => {
    const events = [
      used('run', '2026-03-01T00:00:00.000Z'),
      used('read', '2026-03-05T00:00:00.000Z'),
      used('swim', '2026-03-03T00:00:00.000Z'),
      used('yoga', '2026-03-04T00:00:00.000Z'),
      used('run', '2026-03-06T00:00:00.000Z'),
    ]
    expect(selectRecentActivities([run, read, swim, yoga], events)).toEqual([run, read, yoga])
  })

  it('skips deleted events and activities, and activities never used', () => {
    const events = [
      used('gone', '2026-03-09T00:00:00.000Z'),
      used('swim', '2026-03-08T00:00:00.000Z', '2026-03-08T01:00:00.000Z'),
      used('read', '2026-03-01T00:00:00.000Z'),
      used('unknown', '2026-03-09T00:00:00.000Z'),
    ]
    expect(selectRecentActivities([run, read, swim, gone], events)).toEqual([read])
  })

  it('honours the limit and empty input', () => {
    const events = [
      used('run', '2026-03-01T00:00:00.000Z'),
      used('read', '2026-03-02T00:00:00.000Z'),
    ]
    expect(selectRecentActivities([run, read], events, 1)).toEqual([read])
    expect(selectRecentActivities([run, read], events, 0)).toEqual([])
    expect(selectRecentActivities([], events)).toEqual([])
    expect(selectRecentActivities([run, read], [])).toEqual([])
  })

  it('ignores events without a usable createdAt', () => {
    const noStamp = { activityId: 'run', eventDate: '2026-03-01T00:00:00.000Z' }
    expect(selectRecentActivities([run], [noStamp, used('run', 'bad')])).toEqual([])
  })
})
