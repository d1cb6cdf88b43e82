import { describe, expect, it } from 'vitest'
import { randomColor } from '../constants'
import { ACTIVITY_NAME_TOO_LONG, ActivityInput } from './activity'
import { defaultSchedule, Schedule } from './schedule'

describe('ActivityInput', () => {
  it('fills the defaults of SPEC §9: private, Daily, no attributes, empty description', () => {
    expect(ActivityInput.parse({ name: 'Run' })).toEqual({
      name: 'Run',
      description: '',
      attributes: [],
      visibility: 'private',
      schedule: { type: 'Daily' },
      archived: false,
      position: null,
    })
  })

  it('accepts a name of exactly 20 characters and refuses 21 with the spec message', () => {
    expect(ActivityInput.safeParse({ name: 'a'.repeat(20) }).success).toBe(true)
    const result = ActivityInput.safeParse({ name: 'a'.repeat(21) })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(ACTIVITY_NAME_TOO_LONG)
    expect(ACTIVITY_NAME_TOO_LONG).toBe('Name must be 20 characters or less.')
  })

  it('requires a name that is not only spaces', () => {
    expect(ActivityInput.safeParse({ name: '   ' }).success).toBe(false)
    expect(ActivityInput.safeParse({}).success).toBe(false)
  })

  it('drops fields the server stamps itself', () => {
    const parsed = ActivityInput.parse({
      name: 'Read',
      author: 'someone-else',
      createdAt: '2020-01-01T00:00:00Z',
    })
    expect(parsed).not.toHaveProperty('author')
    expect(parsed).not.toHaveProperty('createdAt')
  })

  it('keeps an id the device chose when it is a UUID and refuses any other id', () => {
    const id = '0b9e4f7a-3c1d-4e2f-8a5b-6c7d8e9f0a1b'
    expect(ActivityInput.parse({ name: 'Read', id }).id).toBe(id)
    const result = ActivityInput.safeParse({ name: 'Read', id: 'x' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Id must be a UUID.')
    for (const special of [
      '00000000-0000-0000-0000-000000000000',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    ]) {
      expect(ActivityInput.safeParse({ name: 'Read', id: special }).success, special).toBe(false)
    }
  })

  it('normalises colours and refuses what is not #rrggbb', () => {
    expect(ActivityInput.parse({ name: 'a', color: '#FF8800' }).color).toBe('#ff8800')
    expect(ActivityInput.safeParse({ name: 'a', color: 'orange' }).success).toBe(false)
  })
})

describe('Schedule', () => {
  it('starts each type with its defaults', () => {
    expect(defaultSchedule('Weekly')).toEqual({ type: 'Weekly', days: [] })
    expect(defaultSchedule('Monthly')).toEqual({ type: 'Monthly', dayOfMonth: 1 })
    expect(defaultSchedule('Unscheduled')).toEqual({ type: 'Unscheduled' })
    expect(defaultSchedule('Daily')).toEqual({ type: 'Daily' })
  })

  it('sorts and de-duplicates weekly days and bounds them to 0..6', () => {
    expect(Schedule.parse({ type: 'Weekly', days: [5, 1, 5] })).toEqual({
      type: 'Weekly',
      days: [1, 5],
    })
    expect(Schedule.safeParse({ type: 'Weekly', days: [7] }).success).toBe(false)
  })

  it('bounds the monthly day to 1..31 and refuses unknown types', () => {
    expect(Schedule.safeParse({ type: 'Monthly', dayOfMonth: 0 }).success).toBe(false)
    expect(Schedule.safeParse({ type: 'Monthly', dayOfMonth: 31 }).success).toBe(true)
    expect(Schedule.safeParse({ type: 'Yearly' }).success).toBe(false)
  })
})

describe('randomColor', () => {
  it('gives a #rrggbb colour from the injected random source', () => {
    expect(randomColor(() => 0)).toBe('#000000')
    expect(randomColor(() => 0.999999999)).toBe('#ffffff')
    expect(randomColor()).toMatch(/^#[0-9a-f]{6}$/)
  })
})
