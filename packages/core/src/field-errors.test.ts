import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toFieldErrors } from './field-errors'

const Input = z.object({
  name: z.string().min(1, 'Name is required.'),
  schedule: z.object({ dayOfMonth: z.number().max(31, 'At most 31.') }),
})

describe('toFieldErrors', () => {
  it('names each failing field by its dotted path with its first message', () => {
    const result = Input.safeParse({ name: '', schedule: { dayOfMonth: 40 } })
    expect(result.success).toBe(false)
    expect(toFieldErrors(result.error?.issues ?? [])).toEqual({
      name: 'Name is required.',
      'schedule.dayOfMonth': 'At most 31.',
    })
  })

  it('keeps the first message of a field that fails twice', () => {
    expect(
      toFieldErrors([
        { path: ['name'], message: 'first' },
        { path: ['name'], message: 'second' },
      ]),
    ).toEqual({ name: 'first' })
  })

  it('prefixes paths, cuts them to a depth, and names a pathless issue', () => {
    const issues = [
      { path: ['schedule', 'dayOfMonth'], message: 'At most 31.' },
      { path: [], message: 'Send an object.' },
    ]
    expect(toFieldErrors(issues, { prefix: 'target' })).toEqual({
      'target.schedule.dayOfMonth': 'At most 31.',
      target: 'Send an object.',
    })
    expect(toFieldErrors(issues, { depth: 1, whole: 'query' })).toEqual({
      schedule: 'At most 31.',
      query: 'Send an object.',
    })
  })
})
