import { describe, expect, it } from 'vitest'
import { AttributeInput, addOption, defaultAttributeFields } from './attribute'

const activityId = 'activity-1'

describe('AttributeInput', () => {
  it('needs a name except for duration and rating', () => {
    expect(AttributeInput.safeParse({ activityId, type: 'text' }).success).toBe(false)
    expect(AttributeInput.safeParse({ activityId, type: 'duration' }).success).toBe(true)
    expect(AttributeInput.safeParse({ activityId, type: 'rating' }).success).toBe(true)
  })

  it('gives duration minutes, rating 1-5 and number integer by default', () => {
    expect(AttributeInput.parse({ activityId, type: 'duration' })).toMatchObject({
      unit: 'minutes',
    })
    expect(AttributeInput.parse({ activityId, type: 'rating' })).toMatchObject({ min: 1, max: 5 })
    expect(AttributeInput.parse({ activityId, type: 'number', name: 'Reps' })).toMatchObject({
      valueType: 'integer',
    })
  })

  it('refuses non-integer or inverted number bounds', () => {
    const base = { activityId, type: 'number', name: 'Reps' } as const
    expect(AttributeInput.safeParse({ ...base, min: 1.5 }).success).toBe(false)
    const inverted = AttributeInput.safeParse({ ...base, min: 10, max: 2 })
    expect(inverted.success).toBe(false)
    expect(inverted.error?.issues[0]?.path).toEqual(['max'])
    expect(AttributeInput.safeParse({ ...base, min: 2, max: 2 }).success).toBe(true)
  })

  it('de-duplicates select options and refuses empty ones or none', () => {
    const base = { activityId, type: 'select', name: 'Mood' } as const
    expect(AttributeInput.parse({ ...base, options: ['a', 'b', 'a'] })).toMatchObject({
      options: ['a', 'b'],
    })
    expect(AttributeInput.safeParse({ ...base, options: ['a', ' '] }).success).toBe(false)
    expect(AttributeInput.safeParse({ ...base, options: [] }).success).toBe(false)
    expect(AttributeInput.safeParse({ ...base, options: ['a'], defaultValue: 'z' }).success).toBe(
      false,
    )
  })

  it('drops the fields of other types', () => {
    const parsed = AttributeInput.parse({
      activityId,
      type: 'boolean',
      name: 'Done',
      options: ['x'],
    })
    expect(parsed).not.toHaveProperty('options')
  })

  it('refuses unknown types and a missing activity', () => {
    expect(AttributeInput.safeParse({ activityId, type: 'colour', name: 'x' }).success).toBe(false)
    expect(AttributeInput.safeParse({ type: 'text', name: 'x' }).success).toBe(false)
  })
})

describe('addOption', () => {
  it('adds trimmed new options only', () => {
    expect(addOption(['a'], ' b ')).toEqual(['a', 'b'])
    expect(addOption(['a'], 'a')).toEqual(['a'])
    expect(addOption(['a'], '  ')).toEqual(['a'])
  })
})

describe('defaultAttributeFields', () => {
  it('resets type-specific fields to the new type defaults', () => {
    expect(defaultAttributeFields('select')).toEqual({ type: 'select', options: [] })
    expect(defaultAttributeFields('rating')).toEqual({ type: 'rating', min: 1, max: 5 })
    expect(defaultAttributeFields('date')).toEqual({ type: 'date' })
  })
})
