import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RecordWrite, RuleTables } from './write-rules'
import { applyWrite, readsOf } from './write-rules'

const at = '2026-11-23T10:00:00.000Z'

type Activity = {
  id: string
  name: string
  attributes: string[]
}
type Attribute = {
  id: string
  activityId: string
  name: string
  deletedAt: string | null
}
type Group = {
  id: string
  name: string
  activities: string[]
  updatedAt: string | null
  deletedAt: string | null
}
type Break = {
  id: string
  activityId: string | null
  from: string
  to: string
  deletedAt: string | null
}
type Tables = RuleTables<Activity, Attribute, Group, Break>

const activity = (id: string, attributes: string[] = []): Activity => ({ id, name: id, attributes })
const attribute = (id: string, activityId: string): Attribute => ({
  id,
  activityId,
  name: id,
  deletedAt: null,
})
const group = (id: string, activities: string[]): Group => ({
  id,
  name: id,
  activities,
  updatedAt: null,
  deletedAt: null,
})
const pause = (id: string, activityId: string | null): Break => ({
  id,
  activityId,
  from: '2026-11-20',
  to: '2026-11-22',
  deletedAt: null,
})

/** Read (with a note) in Mind, Run in Body, Walk ungrouped; Read skipped, and a vacation. */
function routine(): Tables {
  return {
    activities: new Map([
      ['read', activity('read', ['note'])],
      ['run', activity('run')],
      ['walk', activity('walk')],
    ]),
    attributes: new Map([['note', attribute('note', 'read')]]),
    groups: new Map([
      ['mind', group('mind', ['read'])],
      ['body', group('body', ['run'])],
    ]),
    breaks: new Map([
      ['skip', pause('skip', 'read')],
      ['vacation', pause('vacation', null)],
    ]),
  }
}

const membership = (tables: Tables) =>
  Object.fromEntries([...tables.groups.values()].map((g) => [g.id, g.activities]))

describe('applyWrite: what a write does to the other records', () => {
  it('takes the activities of a written group out of every other group, which get updatedAt', () => {
    const tables = routine()
    const changes = applyWrite(tables, {
      op: 'put',
      table: 'groups',
      record: { ...group('body', ['run', 'read']) },
      at,
    })
    expect(membership(tables)).toEqual({ mind: [], body: ['run', 'read'] })
    expect(changes).toEqual([{ table: 'groups', record: { ...group('mind', []), updatedAt: at } }])
  })

  it('leaves groups that lose nothing unchanged, and a group with no activities takes none', () => {
    const tables = routine()
    const before = tables.groups.get('mind')
    expect(
      applyWrite(tables, { op: 'put', table: 'groups', record: group('new', []), at }),
    ).toEqual([])
    expect(tables.groups.get('mind')).toBe(before)
    expect(tables.groups.get('new')?.activities).toEqual([])
  })

  it("deletes a deleted activity's attributes and breaks and takes it out of its group", () => {
    const tables = routine()
    const changes = applyWrite(tables, { op: 'delete', table: 'activities', id: 'read', at })
    expect(tables.activities.has('read')).toBe(false)
    expect(tables.attributes.has('note')).toBe(false)
    expect(tables.breaks.has('skip')).toBe(false)
    expect(membership(tables)).toEqual({ mind: [], body: ['run'] })
    expect(changes).toEqual([
      { table: 'attributes', record: { ...attribute('note', 'read'), deletedAt: at } },
      { table: 'breaks', record: { ...pause('skip', 'read'), deletedAt: at } },
      { table: 'groups', record: { ...group('mind', []), updatedAt: at } },
    ])
  })

  it('keeps a vacation (a break of every habit) and the breaks of other habits', () => {
    const tables = routine()
    tables.breaks.set('rest', pause('rest', 'run'))
    const changes = applyWrite(tables, { op: 'delete', table: 'activities', id: 'read', at })
    expect([...tables.breaks.keys()]).toEqual(['vacation', 'rest'])
    expect(changes.filter((change) => change.table === 'breaks')).toHaveLength(1)
    expect(
      applyWrite(tables, { op: 'delete', table: 'activities', id: 'walk', at }).filter(
        (change) => change.table === 'breaks',
      ),
    ).toEqual([])
    expect([...tables.breaks.keys()]).toEqual(['vacation', 'rest'])
  })

  it('lists a new attribute on its activity, last, without moving its updatedAt', () => {
    const tables = routine()
    const changes = applyWrite(tables, {
      op: 'put',
      table: 'attributes',
      record: attribute('pages', 'read'),
      at,
    })
    expect(tables.activities.get('read')).toEqual(activity('read', ['note', 'pages']))
    expect(changes).toEqual([{ table: 'activities', record: activity('read', ['note', 'pages']) }])
  })

  it('moves an attribute written for another activity, and unlists a deleted one', () => {
    const tables = routine()
    applyWrite(tables, { op: 'put', table: 'attributes', record: attribute('note', 'run'), at })
    expect(tables.activities.get('read')?.attributes).toEqual([])
    expect(tables.activities.get('run')?.attributes).toEqual(['note'])
    const changes = applyWrite(tables, { op: 'delete', table: 'attributes', id: 'note', at })
    expect(tables.activities.get('run')?.attributes).toEqual([])
    expect(changes).toHaveLength(1)
  })

  it('changes nothing else for an edit that keeps the links, or for events and goals', () => {
    const tables = routine()
    expect(
      applyWrite(tables, {
        op: 'put',
        table: 'attributes',
        record: { ...attribute('note', 'read'), name: 'Notes' },
        at,
      }),
    ).toEqual([])
    expect(
      applyWrite(tables, {
        op: 'put',
        table: 'events',
        record: { id: 'e', activityId: 'run' },
        at,
      }),
    ).toEqual([])
    expect(applyWrite(tables, { op: 'delete', table: 'goals', id: 'g', at })).toEqual([])
  })

  it('does nothing for a rule whose record is gone (deleted on another device)', () => {
    const tables = routine()
    expect(
      applyWrite(tables, {
        op: 'put',
        table: 'attributes',
        record: attribute('pages', 'gone'),
        at,
      }),
    ).toEqual([])
    expect(applyWrite(routine(), { op: 'delete', table: 'activities', id: 'gone', at })).toEqual([])
  })
})

describe('readsOf: what a server loads for the rules', () => {
  it('names the records each rule reads', () => {
    const put = (table: RecordWrite['table'], record: { id: string } & Record<string, unknown>) =>
      ({ op: 'put', table, record, at }) as const
    expect(readsOf(put('groups', group('g', ['a'])))).toEqual({ groups: true })
    expect(readsOf({ op: 'delete', table: 'activities', id: 'a', at })).toEqual({
      dependentsOf: 'a',
    })
    expect(readsOf(put('attributes', attribute('x', 'b')), attribute('x', 'a'))).toEqual({
      activities: ['a', 'b'],
    })
    expect(
      readsOf({ op: 'delete', table: 'attributes', id: 'x', at }, attribute('x', 'a')),
    ).toEqual({ activities: ['a'] })
    expect(readsOf(put('events', { id: 'e' }))).toEqual({})
    expect(readsOf({ op: 'delete', table: 'groups', id: 'g', at })).toEqual({})
  })

  it('is enough: the rules on what it names change what they change on the whole copy', () => {
    const ids = ['a', 'b', 'c', 'd']
    const anyTables = fc.record({
      grouping: fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 4, maxLength: 4 }),
      owners: fc.array(fc.constantFrom(...ids), { maxLength: 4 }),
      paused: fc.array(fc.constantFrom(null, ...ids), { maxLength: 4 }),
    })
    const anyWrite = fc.oneof(
      fc.record({
        kind: fc.constant('group' as const),
        id: fc.constantFrom('g0', 'g1', 'g2', 'g3'),
        members: fc.subarray(ids),
      }),
      fc.record({ kind: fc.constant('deleteActivity' as const), id: fc.constantFrom(...ids) }),
      fc.record({
        kind: fc.constant('attribute' as const),
        index: fc.nat(4),
        to: fc.constantFrom(...ids),
      }),
      fc.record({ kind: fc.constant('deleteAttribute' as const), index: fc.nat(4) }),
    )
    fc.assert(
      fc.property(anyTables, anyWrite, ({ grouping, owners, paused }, spec) => {
        const whole = (): Tables => {
          const tables: Tables = {
            activities: new Map(),
            attributes: new Map(),
            groups: new Map(),
            breaks: new Map(),
          }
          for (const id of ids) tables.activities.set(id, activity(id))
          owners.forEach((owner, index) => {
            const id = `x${index}`
            tables.attributes.set(id, attribute(id, owner))
            const holder = tables.activities.get(owner) as Activity
            holder.attributes = [...holder.attributes, id]
          })
          paused.forEach((owner, index) => {
            tables.breaks.set(`b${index}`, pause(`b${index}`, owner))
          })
          for (let g = 0; g < 3; g++) {
            const members = ids.filter((_, index) => grouping[index] === g)
            tables.groups.set(`g${g}`, group(`g${g}`, members))
          }
          return tables
        }
        let write: RecordWrite
        if (spec.kind === 'group') {
          write = { op: 'put', table: 'groups', record: group(spec.id, spec.members), at }
        } else if (spec.kind === 'deleteActivity') {
          write = { op: 'delete', table: 'activities', id: spec.id, at }
        } else if (spec.kind === 'attribute') {
          write = {
            op: 'put',
            table: 'attributes',
            record: attribute(`x${spec.index}`, spec.to),
            at,
          }
        } else {
          write = { op: 'delete', table: 'attributes', id: `x${spec.index}`, at }
        }
        const device = whole()
        const ownId = write.op === 'put' ? write.record.id : write.id
        const own = (device as unknown as Record<string, Map<string, { id: string }>>)[write.table]
        const previous = own?.get(ownId) as ({ id: string } & Record<string, unknown>) | undefined
        // The server loads only what readsOf names, plus the written record as it was.
        const reads = readsOf(write, previous)
        const all = whole()
        const server: Tables = {
          activities: new Map(),
          attributes: new Map(),
          groups: new Map(),
          breaks: new Map(),
        }
        if (reads.groups) server.groups = new Map(all.groups)
        for (const id of reads.activities ?? []) {
          const found = all.activities.get(id)
          if (found) server.activities.set(id, found)
        }
        const of = reads.dependentsOf
        if (of !== undefined) {
          for (const item of all.attributes.values()) {
            if (item.activityId === of) server.attributes.set(item.id, item)
          }
          for (const item of all.breaks.values()) {
            if (item.activityId === of) server.breaks.set(item.id, item)
          }
          for (const item of all.groups.values()) {
            if (item.activities.includes(of)) server.groups.set(item.id, item)
          }
        }
        const serverOwn = (server as unknown as Record<string, Map<string, unknown>>)[write.table]
        if (previous && serverOwn) serverOwn.set(previous.id, previous)
        expect(applyWrite(server, write)).toEqual(applyWrite(device, write))
      }),
    )
  })
})
