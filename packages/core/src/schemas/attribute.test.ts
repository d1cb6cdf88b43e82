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

  it("refuses a default that breaks the attribute's own rules", () => {
    const problem = (input: object) => {
      const parsed = AttributeInput.safeParse({ activityId, name: 'Field', ...input })
      return parsed.success ? null : parsed.error.issues.map((issue) => [issue.path, issue.message])
    }
    expect(problem({ type: 'text', maxLength: 2, defaultValue: 'abcdef' })).toEqual([
      [['defaultValue'], 'Must be 2 characters or less.'],
    ])
    expect(problem({ type: 'number', min: 0, max: 5, defaultValue: 99 })).toEqual([
      [['defaultValue'], 'Must be at most 5.'],
    ])
    expect(problem({ type: 'number', defaultValue: 1.5 })).toEqual([
      [['defaultValue'], 'Must be a whole number.'],
    ])
    expect(problem({ type: 'time', min: '08:00', defaultValue: '07:00' })).toEqual([
      [['defaultValue'], 'Must be 08:00 or later.'],
    ])
    // Defaults that fit, and an empty one, are kept.
    expect(problem({ type: 'text', maxLength: 6, defaultValue: 'abcdef' })).toBeNull()
    expect(problem({ type: 'number', min: 0, max: 5, defaultValue: 5 })).toBeNull()
    expect(problem({ type: 'number', valueType: 'decimal', defaultValue: 1.5 })).toBeNull()
    expect(problem({ type: 'text', maxLength: 2, defaultValue: '' })).toBeNull()
    expect(problem({ type: 'time', min: '08:00', max: '09:00', defaultValue: '08:30' })).toBeNull()
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
