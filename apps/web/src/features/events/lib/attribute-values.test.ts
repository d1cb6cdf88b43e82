import type { Attribute } from '@kindling/core'
import { describe, expect, it } from 'vitest'
import {
  buildDefaultValues,
  clampTime,
  collectValues,
  describeNumberRange,
} from './attribute-values'

const stamp = {
  activityId: 'a1',
  description: '',
  required: false,
  author: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
  deletedAt: null,
}

describe('clampTime', () => {
  it('snaps values outside the range to the nearer bound', () => {
    expect(clampTime('05:00', '06:30', '22:00')).toBe('06:30')
    expect(clampTime('23:15', '06:30', '22:00')).toBe('22:00')
  })
  it('keeps values inside the range, and any value without bounds', () => {
    expect(clampTime('12:00', '06:30', '22:00')).toBe('12:00')
    expect(clampTime('00:00')).toBe('00:00')
    expect(clampTime('05:00', undefined, '22:00')).toBe('05:00')
  })
  it('leaves empty or malformed values to validation', () => {
    expect(clampTime('', '06:30')).toBe('')
    expect(clampTime('7:5', '06:30')).toBe('7:5')
  })
})

describe('attribute values', () => {
  const text: Attribute = { ...stamp, id: 't', name: 'Note', type: 'text', defaultValue: 'hi' }
  const rating: Attribute = { ...stamp, id: 'r', name: '', type: 'rating', min: 1, max: 5 }
  const tags: Attribute = {
    ...stamp,
    id: 'm',
    name: 'Tags',
    type: 'multiselect',
    options: ['a', 'b'],
    defaultValue: ['a'],
  }

  it('starts from the defaults', () => {
    expect(buildDefaultValues([text, rating, tags])).toEqual({ t: 'hi', m: ['a'] })
  })

  it('drops empty values and values of other activities', () => {
    expect(collectValues({ t: '', r: 4, m: [], x: 'stray' }, [text, rating, tags])).toEqual({
      r: 4,
    })
  })
})

describe('describeNumberRange', () => {
  it('says the bounds that exist, with the unit', () => {
    expect(describeNumberRange({ min: 0, max: 300, unit: 'kg' })).toBe('0 to 300 kg')
    expect(describeNumberRange({ min: 5 })).toBe('At least 5')
    expect(describeNumberRange({ max: 10, unit: 'km' })).toBe('At most 10 km')
    expect(describeNumberRange({ unit: 'km' })).toBeNull()
  })
})
