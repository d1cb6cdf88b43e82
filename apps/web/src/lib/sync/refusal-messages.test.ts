import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../api-client'
import { activateLanguage } from '../i18n'
import { explainRefusal, explainReplaced, explainTrim } from './refusal-messages'
import type { NameOf } from './refusals'
import type { OutboxEntry } from './types'

const names: Record<string, string> = { h1: 'Lesen', h2: 'Laufen', a1: 'Seiten' }
const nameOf: NameOf = (_table, id) => names[id]
const at = '2026-11-29T09:00:00.000Z'

const goal = { table: 'goals', op: 'update', id: 'g1', body: {}, at } as unknown as OutboxEntry
const event = {
  table: 'events',
  op: 'create',
  id: 'e1',
  body: { activityId: 'h1', attributes: { a1: 3 } },
  at,
} as unknown as OutboxEntry
const group = {
  table: 'groups',
  op: 'update',
  id: 'g2',
  body: { name: 'Morgens', activities: ['h1', 'h2'] },
  at,
} as unknown as OutboxEntry
const gone = new ApiError(404, 'not-found', 'Goal not found.')

afterEach(() => activateLanguage('en'))

describe('the words about refused changes', () => {
  it('are SPEC’s English as before', () => {
    expect(explainRefusal(goal, gone, nameOf)).toBe(
      'A goal was not saved: it was deleted on another device.',
    )
    expect(explainTrim(group, ['h1', 'h2'], nameOf)).toBe(
      'The group Morgens was saved without Lesen and Laufen: those habits were deleted on another device.',
    )
    expect(explainReplaced(event, ['eventDate', 'attributes'], undefined, nameOf)).toBe(
      'Your changes to the date and values of an event of Lesen were replaced by newer changes from another device.',
    )
  })

  it('are in the user’s language, with its lists and plurals', async () => {
    await activateLanguage('de')
    expect(explainRefusal(goal, gone, nameOf)).toBe(
      'Ein Ziel wurde nicht gespeichert: Auf einem anderen Gerät gelöscht.',
    )
    expect(explainTrim(group, ['h1', 'h2'], nameOf)).toBe(
      'Die Gruppe Morgens wurde ohne Lesen und Laufen gespeichert: Diese Gewohnheiten wurden auf einem anderen Gerät gelöscht.',
    )
    await activateLanguage('fr')
    expect(explainReplaced(event, ['eventDate', 'attributes'], undefined, nameOf)).toBe(
      'Vos modifications (date et valeurs) sur une entrée pour Lesen ont été remplacées par des modifications plus récentes d’un autre appareil.',
    )
    await activateLanguage('ar')
    expect(explainTrim(event, ['x1', 'x2'], nameOf)).toBe(
      'حُفظ سجل Lesen دون قيمتين من قيمه: حُذفت الخاصيتان على جهاز آخر.',
    )
  })
})
