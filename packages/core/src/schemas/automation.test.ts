import { describe, expect, it } from 'vitest'
import { ApiTokenInput, getTokenExpiry, WebhookInput } from './automation'

describe('personal API tokens', () => {
  const now = new Date('2028-02-29T10:00:00Z')

  it('expire 30 or 90 days on, on the same date a year on (29 February: 1 March), or never', () => {
    expect(getTokenExpiry('30d', now)?.toISOString()).toBe('2028-03-30T10:00:00.000Z')
    expect(getTokenExpiry('90d', now)?.toISOString()).toBe('2028-05-29T10:00:00.000Z')
    expect(getTokenExpiry('1y', now)?.toISOString()).toBe('2029-03-01T10:00:00.000Z')
    expect(getTokenExpiry('1y', new Date('2027-06-01T00:00:00Z'))?.toISOString()).toBe(
      '2028-06-01T00:00:00.000Z',
    )
    expect(getTokenExpiry('never', now)).toBeNull()
  })

  it('need a name of at most 50 characters, trimmed', () => {
    expect(ApiTokenInput.parse({ name: '  Home  ', scope: 'read', expires: '30d' }).name).toBe(
      'Home',
    )
    expect(ApiTokenInput.safeParse({ name: ' ', scope: 'read', expires: '30d' }).success).toBe(
      false,
    )
    expect(
      ApiTokenInput.safeParse({ name: 'x'.repeat(51), scope: 'read', expires: '30d' }).success,
    ).toBe(false)
  })
})

describe('webhooks', () => {
  it('keep each chosen event type once, in the listed order, and need one', () => {
    const input = {
      url: 'https://example.com/x',
      events: ['goal.done', 'event.logged', 'goal.done'],
    }
    expect(WebhookInput.parse(input).events).toEqual(['event.logged', 'goal.done'])
    expect(WebhookInput.safeParse({ ...input, events: [] }).success).toBe(false)
    expect(WebhookInput.safeParse({ ...input, events: ['event.exploded'] }).success).toBe(false)
  })
})
