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
      target: null,
    })
  })

  it('takes an optional amount per period: a non-negative number, at least or at most', () => {
    const target = { attributeId: 'km', comparison: 'atLeast', value: 5.5 } as const
    expect(GoalInput.parse({ activityId: 'a', cadence: 'Weekly', target }).target).toEqual({
      kind: 'amount',
      ...target,
    })
    expect(GoalInput.parse({ activityId: 'a', cadence: 'Daily', target: null }).target).toBeNull()
    const atMostZero = { attributeId: 'cigarettes', comparison: 'atMost', value: 0 }
    expect(
      GoalInput.safeParse({ activityId: 'a', cadence: 'Daily', target: atMostZero }).success,
    ).toBe(true)
    for (const bad of [
      { ...target, value: -1 },
      { ...target, value: Number.NaN },
      { ...target, comparison: 'exactly' },
      { comparison: 'atLeast', value: 1 },
    ]) {
      expect(GoalInput.safeParse({ activityId: 'a', cadence: 'Daily', target: bad }).success).toBe(
        false,
      )
    }
  })
})
