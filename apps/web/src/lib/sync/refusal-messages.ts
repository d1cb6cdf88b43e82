import type { ApiError } from '../api-client'
import { activeLanguage, type MessageKey, msg, t } from '../i18n'
import { listedActivities, type NameOf, reasonOf } from './refusals'
import type { OutboxEntry, SyncTable } from './types'

/*
 * The words the user reads about a change the server did not store as sent (refusals.ts says
 * which it was). Loaded by the sync engine with the first change it sends, not with the first
 * screen (decision 163).
 */

/** A record named in a message: 'The habit Read'; 'A habit' when it has no name here. */
const tableLabel: Record<SyncTable, { named: MessageKey; unnamed: MessageKey }> = {
  activities: { named: msg('The habit {name}'), unnamed: msg('A habit') },
  attributes: { named: msg('The attribute {name}'), unnamed: msg('An attribute') },
  groups: { named: msg('The group {name}'), unnamed: msg('A group') },
  goals: { named: msg('The goal {name}'), unnamed: msg('A goal') },
  events: { named: msg('The event {name}'), unnamed: msg('An event') },
  breaks: { named: msg('The break {name}'), unnamed: msg('A break') },
}

/** A record without a name inside a sentence: 'a habit'. */
const tableRecord: Record<SyncTable, MessageKey> = {
  activities: msg('a habit'),
  attributes: msg('an attribute'),
  groups: msg('a group'),
  goals: msg('a goal'),
  events: msg('an event'),
  breaks: msg('a break'),
}

function label(table: SyncTable, name: string | undefined): string {
  return name ? t(tableLabel[table].named, { name }) : t(tableLabel[table].unnamed)
}

/** "A", "A and B", "A, B and C" (SPEC's English); the language's own list otherwise. */
function joinNames(names: readonly string[]): string {
  if (activeLanguage() !== 'en') {
    return new Intl.ListFormat(activeLanguage(), { type: 'conjunction' }).format(names)
  }
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** What the user reads when the server stored `entry` without `leftOut` (trimRefused). */
export function explainTrim(
  entry: OutboxEntry,
  leftOut: readonly string[],
  nameOf: NameOf,
): string {
  const count = leftOut.length
  if (entry.table === 'events' && entry.op !== 'delete') {
    const habit =
      nameOf('activities', String(entry.body.activityId ?? '')) ?? t(tableRecord.activities)
    const names = leftOut.map((id) => nameOf('attributes', id))
    if (names.some((name) => name === undefined)) {
      return t(
        '{count, plural, one {The event for {habit} was saved without one of its values: its attribute was deleted on another device.} other {The event for {habit} was saved without # of its values: their attributes were deleted on another device.}}',
        { count, habit },
      )
    }
    return count === 1
      ? t(
          'The event for {habit} was saved without its {name} value: that attribute was deleted on another device.',
          { habit, name: names[0] },
        )
      : t(
          'The event for {habit} was saved without its {names} values: those attributes were deleted on another device.',
          { habit, names: joinNames(names as string[]) },
        )
  }
  const name = entry.op === 'delete' ? undefined : entry.body.name
  const group = label('groups', name ? String(name) : undefined)
  const names = leftOut.map((id) => nameOf('activities', id))
  if (names.some((habit) => habit === undefined)) {
    return t(
      '{count, plural, one {{group} was saved without one of its habits: it was deleted on another device.} other {{group} was saved without # of its habits: they were deleted on another device.}}',
      { count, group },
    )
  }
  return count === 1
    ? t('{group} was saved without {habit}: that habit was deleted on another device.', {
        group,
        habit: names[0],
      })
    : t('{group} was saved without {habits}: those habits were deleted on another device.', {
        group,
        habits: joinNames(names as string[]),
      })
}

/** What the user reads when the server refused `entry`. */
export function explainRefusal(entry: OutboxEntry, error: ApiError, nameOf: NameOf): string {
  if (entry.table === 'events' && entry.op !== 'delete') {
    const activityId = String(entry.body.activityId ?? '')
    const habit = nameOf('activities', activityId) ?? t(tableRecord.activities)
    if (error.fields.activityId) {
      return t('The event for {habit} was not saved: its habit was deleted on another device.', {
        habit,
      })
    }
    if (error.status === 404) {
      return t('The event for {habit} was not saved: it was deleted on another device.', {
        habit,
      })
    }
    // Its values were checked against this copy's attributes when logged: a refusal of one
    // (`attributes.<id>`: required, out of range, gone) means another device changed them.
    if (Object.keys(error.fields).some((field) => field.startsWith('attributes.'))) {
      return t(
        'The event for {habit} was not saved: the attributes of its habit were changed on another device.',
        { habit },
      )
    }
    // The server's message comes in the language the app asked in (Accept-Language).
    return t('The event for {habit} was not saved: {reason}', { habit, reason: error.message })
  }
  const record = label(entry.table, nameOf(entry.table, entry.id))
  if (error.status === 404) {
    return t('{record} was not saved: it was deleted on another device.', { record })
  }
  if (error.fields.activityId) {
    return t('{record} was not saved: its habit was deleted on another device.', { record })
  }
  if (error.fields.activities) {
    const gone = reasonOf(error, 'activities')?.ids ?? []
    // A group update needs a habit: with every one it lists deleted, it cannot be saved.
    const listed = listedActivities(entry)
    // An edit of other fields (edits merge, decision 151) is refused for the habits stored
    // with it: every one of them was deleted meanwhile.
    if (listed.length === 0)
      return t('{record} was not saved: its habits were deleted on another device.', { record })
    if (listed.every((id) => gone.includes(id))) {
      return listed.length === 1
        ? t('{record} was not saved: its habit was deleted on another device.', { record })
        : t('{record} was not saved: its habits were deleted on another device.', { record })
    }
    return t('{record} was not saved: one of its habits was deleted on another device.', {
      record,
    })
  }
  return t('{record} was not saved: {reason}', { record, reason: error.message })
}

/** The words for a record's fields in messages ("the name of Test"). */
const FIELD_WORDS: Readonly<Record<string, MessageKey>> = {
  name: msg('name'),
  description: msg('description'),
  color: msg('colour'),
  schedule: msg('schedule'),
  visibility: msg('visibility'),
  archived: msg('archive'),
  position: msg('place in your order'),
  activities: msg('habits'),
  activityId: msg('habit'),
  eventDate: msg('date'),
  attributes: msg('values'),
  cadence: msg('goal period'),
  target: msg('target'),
  from: msg('first day'),
  to: msg('last day'),
  note: msg('note'),
  required: msg('required setting'),
  details: msg('settings'),
  type: msg('type'),
}

/**
 * What the user reads when newer changes from another device replaced `fields` of `entry`'s
 * change (edits that merge, decision 151): "Your change to the name of Test was replaced by a
 * newer change from another device." `name` is the record's name as this device had it.
 */
export function explainReplaced(
  entry: OutboxEntry,
  fields: readonly string[],
  name: string | undefined,
  nameOf: NameOf,
): string {
  const words = joinNames([
    ...new Set(fields.map((field) => (FIELD_WORDS[field] ? t(FIELD_WORDS[field]) : field))),
  ])
  const record =
    entry.table === 'events'
      ? t('an event of {habit}', {
          habit:
            nameOf(
              'activities',
              String((entry.op === 'delete' ? '' : entry.body.activityId) ?? ''),
            ) ?? t(tableRecord.activities),
        })
      : name !== undefined
        ? name
        : t(tableRecord[entry.table])
  return t(
    '{count, plural, one {Your change to the {fields} of {record} was replaced by a newer change from another device.} other {Your changes to the {fields} of {record} were replaced by newer changes from another device.}}',
    { count: fields.length, fields: words, record },
  )
}
