import { describe, expect, it } from 'vitest'
import { ActivityUpdateInput } from './activity'
import { AttributeUpdateInput } from './attribute'
import { listEditableKeys, pickEditable } from './editable'
import { EventUpdateInput } from './event'
import { GoalUpdateInput } from './goal'
import { GroupUpdateInput } from './group'

const stamps = {
  id: 'x',
  author: 'u1',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: null,
  deletedAt: null,
}

describe('the editable fields of a record are its update schema’s', () => {
  it('lists each resource’s fields, never the server’s stamps', () => {
    const activity = { ...stamps, name: 'Run', attributes: [] }
    expect(listEditableKeys(ActivityUpdateInput, activity).sort()).toEqual(
      ['archived', 'color', 'description', 'name', 'position', 'schedule', 'visibility'].sort(),
    )
    expect(listEditableKeys(GoalUpdateInput, {}).sort()).toEqual(
      ['activityId', 'cadence', 'target'].sort(),
    )
    expect(listEditableKeys(GroupUpdateInput, {}).sort()).toEqual(
      ['activities', 'color', 'description', 'name', 'position'].sort(),
    )
    expect(listEditableKeys(EventUpdateInput, {}).sort()).toEqual(
      ['activityId', 'attributes', 'eventDate'].sort(),
    )
  })

  it("takes an attribute's fields from the option of its type", () => {
    const number = {
      ...stamps,
      activityId: 'a',
      type: 'number',
      name: 'Pages',
      description: '',
      required: false,
      min: 1,
      max: null,
      unit: 'pages',
      valueType: 'integer',
      defaultValue: null,
    }
    const { id: _id, author: _a, createdAt: _c, updatedAt: _u, deletedAt: _d, ...fields } = number
    expect(pickEditable(AttributeUpdateInput, number)).toEqual(fields)
    const select = { ...stamps, activityId: 'a', type: 'select', name: 'Mood', options: ['ok'] }
    expect(Object.keys(pickEditable(AttributeUpdateInput, select)).sort()).toEqual(
      ['activityId', 'name', 'options', 'type'].sort(),
    )
  })

  it('keeps a goal’s target, so an edit made without it keeps it', () => {
    const target = { attributeId: 'p', comparison: 'atLeast', value: 20 }
    const goal = { ...stamps, activityId: 'a', cadence: 'Daily', target }
    expect(pickEditable(GoalUpdateInput, goal)).toEqual({
      activityId: 'a',
      cadence: 'Daily',
      target,
    })
    const merged = GoalUpdateInput.parse({
      ...pickEditable(GoalUpdateInput, goal),
      cadence: 'Weekly',
    })
    // Answered in today's shape: an amount target says its kind.
    expect(merged.target).toEqual({ kind: 'amount', ...target })
  })
})
