import type { Activity, Attribute, Break, Group } from '@kindling/core'
import { describe, expect, it } from 'vitest'
import type { Change, OutboxEntry } from './types'
import { buildView, emptyTables, putServerRecord } from './view'

const at = '2026-11-23T10:00:00.000Z'
const author = 'u1'

function activity(id: string, name: string, attributes: string[] = []): Activity {
  return {
    id,
    author,
    name,
    description: '',
    color: '#fd7e14',
    attributes,
    visibility: 'private',
    schedule: { type: 'Daily' },
    archived: false,
    position: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
  }
}

function group(id: string, name: string, activities: string[]): Group {
  return {
    id,
    author,
    name,
    description: '',
    color: '#fd7e14',
    activities,
    position: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
  }
}

function pause(id: string, activityId: string | null): Break {
  return {
    id,
    author,
    activityId,
    from: '2026-11-20',
    to: '2026-11-22',
    note: '',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
  }
}

function base() {
  const tables = emptyTables()
  putServerRecord(tables, 'activities', activity('read', 'Read', ['note']))
  putServerRecord(tables, 'activities', activity('run', 'Run'))
  putServerRecord(tables, 'groups', group('mind', 'Mind', ['read']))
  putServerRecord(tables, 'groups', group('body', 'Body', ['run']))
  putServerRecord(tables, 'attributes', {
    id: 'note',
    author,
    activityId: 'read',
    type: 'text',
    name: 'Note',
    description: '',
    required: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
  } as Attribute)
  return tables
}

const entry = (value: Change): OutboxEntry => ({ at, ...value })

describe('buildView: the server state with the outbox on top', () => {
  it('is the server state itself when nothing waits', () => {
    const tables = base()
    expect(buildView(tables, [], author)).toBe(tables)
  })

  it('shows a create with its device-made id and the server defaults, and never changes the base', () => {
    const tables = base()
    const view = buildView(
      tables,
      [
        entry({
          op: 'create',
          table: 'activities',
          id: 'walk',
          body: { id: 'walk', name: 'Walk', color: '#123456' },
        }),
      ],
      author,
    )
    expect(view.activities.get('walk')).toMatchObject({
      id: 'walk',
      author,
      name: 'Walk',
      attributes: [],
      createdAt: at,
      updatedAt: null,
      deletedAt: null,
    })
    expect(tables.activities.has('walk')).toBe(false)
  })

  it('keeps an activity in one group at most after any merge', () => {
    const view = buildView(
      base(),
      [
        entry({
          op: 'update',
          table: 'groups',
          id: 'body',
          body: { name: 'Body', description: '', color: '#fd7e14', activities: ['run', 'read'] },
        }),
        entry({
          op: 'create',
          table: 'groups',
          id: 'all',
          body: { name: 'All', activities: ['run'] },
        }),
      ],
      author,
    )
    const holding = (id: string) =>
      [...view.groups.values()].filter((g) => g.activities.includes(id)).map((g) => g.name)
    expect(holding('read')).toEqual(['Body'])
    expect(holding('run')).toEqual(['All'])
  })

  it('takes a deleted activity out of its group and deletes its attributes and breaks', () => {
    const tables = base()
    putServerRecord(tables, 'breaks', pause('skip', 'read'))
    putServerRecord(tables, 'breaks', pause('rest', 'run'))
    putServerRecord(tables, 'breaks', pause('vacation', null))
    const view = buildView(
      tables,
      [entry({ op: 'delete', table: 'activities', id: 'read' })],
      author,
    )
    expect(view.activities.has('read')).toBe(false)
    expect(view.attributes.has('note')).toBe(false)
    expect(view.groups.get('mind')?.activities).toEqual([])
    // A break of every habit (a vacation) and another habit's break stay.
    expect([...view.breaks.keys()]).toEqual(['rest', 'vacation'])
  })

  it('lists a new attribute on its activity and unlists a deleted one', () => {
    const view = buildView(
      base(),
      [
        entry({
          op: 'create',
          table: 'attributes',
          id: 'pages',
          body: { activityId: 'read', type: 'number', name: 'Pages' },
        }),
        entry({ op: 'delete', table: 'attributes', id: 'note' }),
      ],
      author,
    )
    expect(view.activities.get('read')?.attributes).toEqual(['pages'])
  })

  it('lets a later edit of the same record win, and an edit of a deleted record change nothing', () => {
    const view = buildView(
      base(),
      [
        entry({ op: 'update', table: 'activities', id: 'run', body: { name: 'Jog' } }),
        entry({ op: 'update', table: 'activities', id: 'run', body: { name: 'Sprint' } }),
        entry({ op: 'update', table: 'activities', id: 'gone', body: { name: 'Ghost' } }),
      ],
      author,
    )
    expect(view.activities.get('run')).toMatchObject({ name: 'Sprint', updatedAt: at })
    expect(view.activities.has('gone')).toBe(false)
  })

  it('takes a record deleted on the server out of the copy', () => {
    const tables = base()
    putServerRecord(tables, 'activities', { ...activity('run', 'Run'), deletedAt: at })
    expect(tables.activities.has('run')).toBe(false)
  })
})
