import { describe, expect, it } from 'vitest'
import type { Attribute } from './attribute'
import { EventInput, validateEventAttributes } from './event'

const stamp = {
  activityId: 'a1',
  author: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
  deletedAt: null,
  description: '',
  required: false,
}

function buildAttribute(fields: Partial<Attribute> & Pick<Attribute, 'id' | 'type'>): Attribute {
  return { ...stamp, name: fields.id, ...fields } as Attribute
}

const attributes: Attribute[] = [
  buildAttribute({ id: 'note', type: 'text', maxLength: 5 }),
  buildAttribute({ id: 'reps', type: 'number', min: 1, max: 10, valueType: 'integer' }),
  buildAttribute({ id: 'mood', type: 'rating', min: 1, max: 5 }),
  buildAttribute({ id: 'time', type: 'duration', unit: 'minutes' }),
  buildAttribute({ id: 'kind', type: 'select', options: ['run', 'walk'] }),
  buildAttribute({ id: 'tags', type: 'multiselect', options: ['a', 'b'] }),
  buildAttribute({ id: 'ok', type: 'boolean', required: true }),
  buildAttribute({ id: 'day', type: 'date' }),
  buildAttribute({ id: 'at', type: 'time', min: '06:00', max: '22:00' }),
]

describe('EventInput', () => {
  it('keeps instants as UTC ISO strings and reads a bare day as noon UTC', () => {
    expect(EventInput.parse({ activityId: 'a1', eventDate: '2026-11-23T10:00:00+02:00' })).toEqual({
      activityId: 'a1',
      eventDate: '2026-11-23T08:00:00.000Z',
      attributes: {},
    })
    expect(EventInput.parse({ activityId: 'a1', eventDate: '2026-11-23' }).eventDate).toBe(
      '2026-11-23T12:00:00.000Z',
    )
  })

  it('refuses a missing activity or an impossible date', () => {
    expect(EventInput.safeParse({ eventDate: '2026-11-23' }).success).toBe(false)
    expect(EventInput.safeParse({ activityId: 'a1', eventDate: '2026-02-30' }).success).toBe(false)
    expect(EventInput.safeParse({ activityId: 'a1', eventDate: 'yesterday' }).success).toBe(false)
    // PostgreSQL has no year 0: such a day is refused here, not by the database.
    for (const eventDate of ['0000-01-01', '0000-12-31', '0000-06-01T12:00:00Z']) {
      expect(EventInput.safeParse({ activityId: 'a1', eventDate }).success, eventDate).toBe(false)
    }
    expect(EventInput.parse({ activityId: 'a1', eventDate: '0001-01-02' }).eventDate).toBe(
      '0001-01-02T12:00:00.000Z',
    )
  })
})

describe('validateEventAttributes', () => {
  it('accepts values that fit every type', () => {
    expect(
      validateEventAttributes(
        {
          note: 'hi',
          reps: 10,
          mood: 5,
          time: 30,
          kind: 'run',
          tags: ['a', 'b'],
          ok: false,
          day: '2026-11-23',
          at: '06:00',
        },
        attributes,
      ),
    ).toEqual({})
  })

  it('names each value that breaks its attribute rule', () => {
    expect(
      validateEventAttributes(
        {
          note: 'too long',
          reps: 11,
          mood: 6,
          time: -1,
          kind: 'swim',
          tags: ['c'],
          ok: 'yes',
          day: '2026-13-01',
          at: '23:00',
          stranger: 1,
        },
        attributes,
      ),
    ).toEqual({
      'attributes.note': 'Must be 5 characters or less.',
      'attributes.reps': 'Must be at most 10.',
      'attributes.mood': 'Must be between 1 and 5.',
      'attributes.time': 'Must be a duration of zero or more.',
      'attributes.kind': 'Must be one of the options.',
      'attributes.tags': 'Must be among the options.',
      'attributes.ok': 'Must be yes or no.',
      'attributes.day': 'Must be a date YYYY-MM-DD.',
      'attributes.at': 'Must be 22:00 or earlier.',
      'attributes.stranger': 'Not an attribute of this activity.',
    })
  })

  it('requires required attributes and refuses decimals for integer numbers', () => {
    expect(validateEventAttributes({ reps: 2.5 }, attributes)).toEqual({
      'attributes.reps': 'Must be a whole number.',
      'attributes.ok': 'Required.',
    })
  })
})
