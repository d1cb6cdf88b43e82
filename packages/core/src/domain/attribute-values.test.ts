import { describe, expect, it } from 'vitest'
import type { Attribute } from '../schemas/attribute'
import {
  describeEventValues,
  formatAttributeValue,
  getAttributeLabel,
  orderAttributes,
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

const pages: Attribute = {
  ...stamp,
  id: 'p',
  name: 'Pages',
  type: 'number',
  valueType: 'integer',
  unit: 'pages',
}
const cups: Attribute = { ...stamp, id: 'c', name: 'Cups', type: 'number', valueType: 'integer' }
const note: Attribute = { ...stamp, id: 'n', name: 'Note', type: 'text' }
const rating: Attribute = { ...stamp, id: 'r', name: '', type: 'rating', min: 1, max: 5 }
const duration: Attribute = { ...stamp, id: 'd', name: '', type: 'duration', unit: 'minutes' }
const tags: Attribute = {
  ...stamp,
  id: 'm',
  name: 'Tags',
  type: 'multiselect',
  options: ['a', 'b'],
}
const done: Attribute = { ...stamp, id: 'b', name: 'Outside', type: 'boolean' }

describe('attribute values', () => {
  it('labels nameless ratings and durations by type', () => {
    expect(getAttributeLabel(rating)).toBe('Rating')
    expect(getAttributeLabel(duration)).toBe('Duration')
    expect(getAttributeLabel(note)).toBe('Note')
  })

  it('formats values by type', () => {
    expect(formatAttributeValue(duration, 25)).toBe('25 minutes')
    expect(formatAttributeValue(rating, 4)).toBe('4 / 5')
    expect(formatAttributeValue(pages, 25)).toBe('25 pages')
    expect(formatAttributeValue(tags, ['a', 'b'])).toBe('a, b')
    expect(formatAttributeValue(undefined, true)).toBe('Yes')
    expect(formatAttributeValue(note, null)).toBe('—')
  })
})

describe('describeEventValues', () => {
  it("says an event's values in the attributes' order, each with its label", () => {
    expect(
      describeEventValues([pages, cups, note, done], {
        n: 'felt good',
        c: 3,
        p: 25,
        b: false,
      }),
    ).toBe('25 pages · Cups: 3 · Note: felt good · Outside: No')
  })

  it('leaves out empty values and values of attributes not given (deleted ones)', () => {
    expect(describeEventValues([pages, note, tags], { p: 12, n: '', m: [], gone: 'x' })).toBe(
      '12 pages',
    )
    expect(describeEventValues([duration, rating], { d: 30, r: 4 })).toBe(
      '30 minutes · Rating: 4 / 5',
    )
    expect(describeEventValues([pages], {})).toBe('')
  })
})

describe('orderAttributes', () => {
  it("follows the activity's list, then the others as given", () => {
    expect(orderAttributes([pages, cups, note], ['n', 'p']).map((a) => a.id)).toEqual([
      'n',
      'p',
      'c',
    ])
  })
})
