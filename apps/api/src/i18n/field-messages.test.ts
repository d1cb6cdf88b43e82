import { ActivityInput, AttributeInput, GoalInput, GroupUpdateInput } from '@kindling/core'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldText } from './field-messages'
import { english } from './message'
import { translate } from './translate'

/** The first field error a schema gives `input`, as the API's 400 names it. */
const problemOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues[0]?.message ?? ''

describe('fieldText', () => {
  it('keeps the English of core’s messages and of zod’s own exact', () => {
    const messages = [
      problemOf(ActivityInput, { name: 'A name far longer than twenty' }),
      problemOf(ActivityInput, { name: ' ' }),
      problemOf(GroupUpdateInput, { name: 'Morning', activities: [] }),
      problemOf(GoalInput, { activityId: 'a1', cadence: 'Daily', target: { count: 0 } }),
      problemOf(AttributeInput, {
        activityId: 'a1',
        type: 'number',
        name: 'Pages',
        min: 5,
        max: 1,
      }),
      problemOf(z.object({ name: z.string() }), { name: 3 }),
      problemOf(z.enum(['Daily', 'Weekly']), 'Hourly'),
      problemOf(z.string().regex(/^\d{1,15}$/), 'x'),
      'Must be between 1 and 5.',
      'Must be 08:00 or later.',
      'Not an attribute of this activity.',
      'A message no rule knows, {with braces}.',
    ]
    expect(messages.slice(0, 8)).toEqual([
      'Name must be 20 characters or less.',
      'Name is required.',
      'Choose at least one activity.',
      'Times must be 1 or more.',
      'Max must not be less than min.',
      'Invalid input: expected string, received number',
      'Invalid option: expected one of "Daily"|"Weekly"',
      'Invalid string: must match pattern /^\\d{1,15}$/',
    ])
    for (const message of messages) expect(english(fieldText(message))).toBe(message)
  })

  it.each([
    ['fr', 'Name must be 20 characters or less.', 'Le nom doit faire 20 caractères au plus.'],
    ['de', 'Must be between 1 and 5.', 'Muss zwischen 1 und 5 liegen.'],
    ['ja', 'Not an attribute of this activity.', 'この習慣の項目ではありません。'],
    [
      'es',
      'Invalid input: expected string, received number',
      'Datos no válidos: se esperaba string y se recibió number',
    ],
    [
      'fr',
      'Too small: expected string to have >=1 characters',
      'Trop court : au moins 1 caractère',
    ],
    [
      'pt-BR',
      'Invalid string: must match pattern /^\\d{1,15}$/',
      'Texto inválido: deve corresponder ao padrão /^\\d{1,15}$/',
    ],
  ] as const)('says them in %s, their numbers and values kept: %s', (language, message, said) => {
    expect(translate(language, fieldText(message))).toBe(said)
  })

  it('keeps a message it does not know as it came, braces and all, in every language', () => {
    const unknown = 'A message no rule knows, {with braces}.'
    expect(translate('ar', fieldText(unknown))).toBe(unknown)
  })
})
