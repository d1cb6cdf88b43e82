import { describe, expect, it } from 'vitest'
import {
  addActivityToGroup,
  findGroupOf,
  moveActivity,
  removeActivityFromGroup,
  selectPickableActivities,
} from './groups'
import { buildActivity } from './test-fixtures'

interface TestGroup {
  id: string
  name: string
  activities: string[]
  deletedAt: string | null
}

function buildGroup(overrides: Partial<TestGroup> & { id: string }): TestGroup {
  return { name: `Group ${overrides.id}`, activities: [], deletedAt: null, ...overrides }
}

/** A morning group with run and read, an evening group with yoga; swim is ungrouped. */
function buildRoutine(): TestGroup[] {
  return [
    buildGroup({ id: 'morning', activities: ['run', 'read'] }),
    buildGroup({ id: 'evening', activities: ['yoga'] }),
  ]
}

const membership = (groups: readonly TestGroup[]) =>
  Object.fromEntries(groups.map((group) => [group.id, group.activities]))

/** Deep copy to prove the inputs are left untouched. */
const snapshot = (groups: readonly TestGroup[]) => structuredClone(groups)

describe('addActivityToGroup', () => {
  it.each([
    {
      sees: 'an ungrouped activity added from the evening group appears at its end',
      activity: 'swim',
      to: 'evening',
      expected: { morning: ['run', 'read'], evening: ['yoga', 'swim'] },
    },
    {
      sees: 'an activity added to the evening group leaves the morning group',
      activity: 'read',
      to: 'evening',
      expected: { morning: ['run'], evening: ['yoga', 'read'] },
    },
    {
      sees: 'adding an activity already in the group changes nothing',
      activity: 'read',
      to: 'morning',
      expected: { morning: ['run', 'read'], evening: ['yoga'] },
    },
  ])('$sees', ({ activity, to, expected }) => {
    const groups = buildRoutine()
    const before = snapshot(groups)
    const after = addActivityToGroup(groups, to, activity)
    expect(membership(after)).toEqual(expected)
    expect(groups).toEqual(before)
    expect(after).not.toBe(groups)
  })

  it('keeps untouched groups as the same objects so only changed groups are saved', () => {
    const groups = buildRoutine()
    const after = addActivityToGroup(groups, 'evening', 'swim')
    expect(after[0]).toBe(groups[0])
    expect(after[1]).not.toBe(groups[1])
  })

  it('leaves a deleted group as it is', () => {
    const trash = buildGroup({ id: 'trash', activities: ['swim'], deletedAt: '2026-03-01' })
    const after = addActivityToGroup([...buildRoutine(), trash], 'evening', 'swim')
    expect(after[2]).toBe(trash)
  })

  it.each([
    ['an unknown group', [buildGroup({ id: 'morning' })], 'nowhere'],
    ['a deleted group', [buildGroup({ id: 'old', deletedAt: '2026-03-01T00:00:00.000Z' })], 'old'],
  ])('refuses %s: Group is not defined', (_, groups, groupId) => {
    expect(() => addActivityToGroup(groups, groupId, 'run')).toThrow(/Group is not defined/)
  })
})

describe('moveActivity', () => {
  it.each([
    {
      sees: 'moving read from morning to evening shows it only in evening',
      activity: 'read',
      from: 'morning',
      to: 'evening',
      expected: { morning: ['run'], evening: ['yoga', 'read'] },
    },
    {
      sees: 'moving an ungrouped activity into a group shows it there',
      activity: 'swim',
      from: null,
      to: 'morning',
      expected: { morning: ['run', 'read', 'swim'], evening: ['yoga'] },
    },
    {
      sees: 'moving an activity out of its group leaves it ungrouped',
      activity: 'yoga',
      from: 'evening',
      to: null,
      expected: { morning: ['run', 'read'], evening: [] },
    },
    {
      sees: 'a stale source still leaves the activity in one group only',
      activity: 'run',
      from: 'evening',
      to: null,
      expected: { morning: ['read'], evening: ['yoga'] },
    },
  ])('$sees', ({ activity, from, to, expected }) => {
    const groups = buildRoutine()
    const before = snapshot(groups)
    expect(membership(moveActivity(groups, activity, from, to))).toEqual(expected)
    expect(groups).toEqual(before)
  })

  it.each([
    ['a group to itself', 'morning', 'morning'],
    ['ungrouped to ungrouped', null, null],
  ])('refuses to move %s', (_, from, to) => {
    expect(() => moveActivity(buildRoutine(), 'run', from, to)).toThrow(RangeError)
  })

  it.each([
    ['source', 'nowhere', 'evening'],
    ['target', 'morning', 'nowhere'],
  ])('refuses an unknown %s group', (_, from, to) => {
    expect(() => moveActivity(buildRoutine(), 'run', from, to)).toThrow(/Group is not defined/)
  })
})

describe('removeActivityFromGroup', () => {
  it.each([
    { sees: 'the removed activity disappears from the group', remove: 'run', expected: ['read'] },
    { sees: 'removing a non-member keeps the list', remove: 'swim', expected: ['run', 'read'] },
  ])('$sees', ({ remove, expected }) => {
    const group = buildGroup({ id: 'morning', activities: ['run', 'read'] })
    const after = removeActivityFromGroup(group, remove)
    expect(after.activities).toEqual(expected)
    expect(after).not.toBe(group)
    expect(group.activities).toEqual(['run', 'read'])
  })

  it('removes a duplicated id entirely', () => {
    const group = buildGroup({ id: 'morning', activities: ['run', 'read', 'run'] })
    expect(removeActivityFromGroup(group, 'run').activities).toEqual(['read'])
  })
})

describe('findGroupOf', () => {
  const trash = buildGroup({ id: 'trash', activities: ['swim'], deletedAt: '2026-03-01' })
  it.each([
    { sees: 'read is shown under morning', activity: 'read', expected: 'morning' },
    { sees: 'yoga is shown under evening', activity: 'yoga', expected: 'evening' },
    { sees: 'swim, only in a deleted group, is ungrouped', activity: 'swim', expected: undefined },
    { sees: 'an unknown activity is ungrouped', activity: 'ghost', expected: undefined },
  ])('$sees', ({ activity, expected }) => {
    expect(findGroupOf([...buildRoutine(), trash], activity)?.id).toBe(expected)
  })

  it('finds nothing among no groups', () => {
    expect(findGroupOf([], 'run')).toBeUndefined()
  })
})

describe('selectPickableActivities', () => {
  const run = buildActivity({ id: 'run' })
  const read = buildActivity({ id: 'read' })
  const yoga = buildActivity({ id: 'yoga' })
  const swim = buildActivity({ id: 'swim' })
  const walk = buildActivity({ id: 'walk' })
  const gone = buildActivity({ id: 'gone', deletedAt: '2026-03-01T00:00:00.000Z' })
  const activities = [run, read, yoga, swim, walk, gone]
  const groups = [
    ...buildRoutine(),
    buildGroup({ id: 'trash', activities: ['walk'], deletedAt: '2026-03-01T00:00:00.000Z' }),
  ]

  it.each([
    {
      sees: 'adding a group offers only ungrouped activities',
      editing: undefined,
      expected: [swim, walk],
    },
    {
      sees: 'editing morning also offers its own run and read',
      editing: 'morning',
      expected: [run, read, swim, walk],
    },
    {
      sees: 'editing evening also offers its own yoga',
      editing: 'evening',
      expected: [yoga, swim, walk],
    },
    {
      sees: 'editing an unknown group offers only ungrouped ones',
      editing: 'nowhere',
      expected: [swim, walk],
    },
  ])('$sees', ({ editing, expected }) => {
    expect(selectPickableActivities(activities, groups, editing)).toEqual(expected)
  })

  it('offers nothing when there are no activities', () => {
    expect(selectPickableActivities([], groups)).toEqual([])
  })
})
