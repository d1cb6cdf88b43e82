import { describe, expect, it } from 'vitest'
import { GoalInput } from './goal'
import { GroupInput, GroupUpdateInput } from './group'

describe('GroupInput', () => {
  it('needs a name and de-duplicates its activities', () => {
    expect(GroupInput.safeParse({ name: ' ' }).success).toBe(false)
    expect(GroupInput.parse({ name: 'Health', activities: ['a', 'a', 'b'] })).toMatchObject({
      name: 'Health',
      activities: ['a', 'b'],
    })
  })

  it('needs at least one activity when updating (SPEC §5)', () => {
    expect(GroupUpdateInput.safeParse({ name: 'Health', activities: [] }).success).toBe(false)
    expect(GroupUpdateInput.safeParse({ name: 'Health' }).success).toBe(false)
    expect(GroupUpdateInput.safeParse({ name: 'Health', activities: ['a'] }).success).toBe(true)
  })
})

describe('GoalInput', () => {
  it('needs an activity and a known cadence', () => {
    expect(GoalInput.safeParse({ cadence: 'Daily' }).success).toBe(false)
    expect(GoalInput.safeParse({ activityId: 'a', cadence: 'Yearly' }).success).toBe(false)
    expect(GoalInput.parse({ activityId: 'a', cadence: 'Weekly' })).toEqual({
      activityId: 'a',
      cadence: 'Weekly',
    })
  })
})
