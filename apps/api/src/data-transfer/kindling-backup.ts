import {
  ActivityInput,
  type Attribute,
  AttributeInput,
  type AttributeValue,
  BACKUP_LIST_NAMES,
  BACKUP_LISTS,
  type BackupListName,
  BreakInput,
  EventInput,
  GoalInput,
  GroupInput,
  IsoDateTime,
  KINDLING_BACKUP_FORMAT,
  KINDLING_BACKUP_VERSION,
  REMINDERS_PER_ACTIVITY_MAX,
  ReminderInput,
  UserSettingsInput,
  validateEventAttributes,
} from '@kindling/core'
import type { z } from 'zod'
import { zodFields } from '../http/errors'
import { fieldText } from '../i18n/field-messages'
import { msg } from '../i18n/message'
import {
  DATE_RANGE,
  ImportError,
  type ImportPlan,
  isStorableInstant,
  type PlannedActivity,
  type PlannedAttribute,
  type PlannedBreak,
  type PlannedGroup,
  SkipCounter,
} from './plan'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether parsed JSON says it is a Kindling backup (any version). */
export function isKindlingBackup(json: unknown): boolean {
  return isObject(json) && json.format === KINDLING_BACKUP_FORMAT
}

/** The list `name` of a backup of `version`: none in a version older than the list. */
function list(backup: Json, name: BackupListName, version: number): Json[] {
  if (version < BACKUP_LISTS[name].since) return []
  const value = backup[name]
  if (!Array.isArray(value)) {
    throw new ImportError(
      msg('This Kindling backup has no "{list}" list: it looks damaged.', { list: name }),
    )
  }
  value.forEach((item, index) => {
    if (!isObject(item) || typeof item.id !== 'string' || item.id === '') {
      throw new ImportError(
        msg('{where}: not a record with an id.', { where: `${name}[${index}]` }),
      )
    }
  })
  return value as Json[]
}

/** A record whose id an earlier one of its list has. */
const twice = (where: string, id: string) =>
  new ImportError(msg('{where}: the id {id} appears twice.', { where, id }))

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const [path = 'body', message = 'Invalid input'] =
      Object.entries(zodFields(result.error))[0] ?? []
    throw new ImportError(
      msg('{field}: {problem}', {
        field: path === 'body' ? where : `${where}.${path}`,
        problem: fieldText(message),
      }),
    )
  }
  return result.data
}

const stamp = (value: unknown): string | undefined =>
  IsoDateTime.safeParse(value).success ? new Date(value as string).toISOString() : undefined

const stampOrNull = (value: unknown): string | null | undefined =>
  value === null ? null : stamp(value)

/** The backup's version: any from 1 to the one this server writes. */
function versionOf(json: Json): number {
  const { version } = json
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new ImportError(msg('This Kindling backup has no valid version.'))
  }
  if (version > KINDLING_BACKUP_VERSION) {
    throw new ImportError(
      msg(
        'This Kindling backup is version {version}, newer than this server reads ({supported}): update Kindling first.',
        { version, supported: KINDLING_BACKUP_VERSION },
      ),
    )
  }
  return version
}

/**
 * The settings are whole in a backup: each one is required, but the language, which backups
 * written before issue 54 do not have.
 */
const BackupSettingsInput = UserSettingsInput.required({
  timeZone: true,
  emailReminders: true,
  remindersPausedUntil: true,
})

/**
 * Reads Kindling's own backup (`KindlingBackup` of core, any version up to the current one):
 * each record is checked with the same schemas as the API's writes, and every reference (an
 * event's activity and attribute values, a goal's target, a group's activities, a reminder's
 * habit) must point into the file. Ids stay as `originalId`s so that restoring a backup into its
 * own account adds nothing; the creation and update times are kept, so a round trip gives back
 * the same content apart from the ids. The lists are read in `BACKUP_LISTS`' order, one reader
 * each; settings come from version 2 on (version 1 wrote `{}`).
 */
export function readKindlingBackup(json: unknown): ImportPlan {
  if (!isObject(json) || json.format !== KINDLING_BACKUP_FORMAT) {
    throw new ImportError(msg('This JSON is not a Kindling backup.'))
  }
  const version = versionOf(json)
  const planned = new Map<string, PlannedActivity>()
  const activityOf = (id: unknown, where: string): PlannedActivity => {
    const activity = typeof id === 'string' ? planned.get(id) : undefined
    if (!activity) {
      throw new ImportError(
        msg('{where}: the activity {id} is not in the backup.', { where, id: String(id) }),
      )
    }
    return activity
  }
  let activityRecords: Json[] = []
  const plannedGroups: PlannedGroup[] = []
  const definitions = new Map<string, { activityId: string; attribute: Attribute }>()

  /** Breaks of every habit (a vacation); a habit's own go with it. */
  const everyHabit: PlannedBreak[] = []

  const readers: { [K in BackupListName]: (records: Json[]) => void } = {
    activities(records) {
      activityRecords = records
      records.forEach((record, index) => {
        const id = record.id as string
        if (planned.has(id)) throw twice(`activities[${index}]`, id)
        const input = parse(ActivityInput, record, `activities[${index}]`)
        planned.set(id, {
          keys: [`id:${id}`],
          originalId: id,
          name: input.name,
          description: input.description,
          color: input.color ?? '#ff8800',
          visibility: input.visibility,
          schedule: input.schedule,
          archived: input.archived,
          position: input.position,
          createdAt: stamp(record.createdAt),
          updatedAt: stampOrNull(record.updatedAt),
          attributes: [],
          goals: [],
          events: [],
          reminders: [],
        })
      })
    },

    groups(records) {
      records.forEach((record, index) => {
        const where = `groups[${index}]`
        const id = record.id as string
        const input = parse(GroupInput, record, where)
        input.activities.forEach((activityId, position) => {
          const activity = activityOf(activityId, `${where}.activities`)
          if (activity.groupKey) return
          activity.groupKey = `id:${id}`
          activity.groupPosition = position
        })
        plannedGroups.push({
          key: `id:${id}`,
          keys: [`id:${id}`],
          originalId: id,
          name: input.name,
          description: input.description,
          color: input.color ?? '#ff8800',
          position: input.position,
          createdAt: stamp(record.createdAt),
          updatedAt: stampOrNull(record.updatedAt),
        })
      })
    },

    attributes(records) {
      // Attributes in each activity's own order (its `attributes` list), then any others.
      const attributeOrder = new Map<string, number>()
      for (const record of activityRecords) {
        const ids = Array.isArray(record.attributes) ? record.attributes : []
        ids.forEach((id, position) => {
          if (typeof id === 'string') attributeOrder.set(id, position)
        })
      }
      const plannedAttributes = records.map((record, index) => {
        const where = `attributes[${index}]`
        const id = record.id as string
        if (definitions.has(id)) throw twice(where, id)
        const input = parse(AttributeInput, record, where)
        const activity = activityOf(input.activityId, where)
        const { activityId: _activity, ...fields } = input
        definitions.set(id, {
          activityId: input.activityId,
          attribute: {
            ...input,
            id,
            author: '',
            createdAt: '',
            updatedAt: null,
            deletedAt: null,
          } as Attribute,
        })
        const attribute: PlannedAttribute = {
          key: `id:${id}`,
          originalId: id,
          fields,
          createdAt: stamp(record.createdAt),
          updatedAt: stampOrNull(record.updatedAt),
        }
        return { activity, attribute, order: attributeOrder.get(id) ?? Number.MAX_SAFE_INTEGER }
      })
      plannedAttributes
        .sort((a, b) => a.order - b.order)
        .forEach(({ activity, attribute }) => {
          activity.attributes.push(attribute)
        })
    },

    events(records) {
      const definitionsOf = new Map<string, Attribute[]>()
      for (const { activityId, attribute } of definitions.values()) {
        definitionsOf.set(activityId, [...(definitionsOf.get(activityId) ?? []), attribute])
      }
      const eventIds = new Set<string>()
      records.forEach((record, index) => {
        const where = `events[${index}]`
        const id = record.id as string
        if (eventIds.has(id)) throw twice(where, id)
        eventIds.add(id)
        const input = parse(EventInput, record, where)
        if (!isStorableInstant(input.eventDate)) {
          throw new ImportError(
            msg('{where}: {value} is out of range: {range}.', {
              where: `${where}.eventDate`,
              value: JSON.stringify(record.eventDate),
              range: DATE_RANGE,
            }),
          )
        }
        const activity = activityOf(input.activityId, where)
        const problems = validateEventAttributes(
          input.attributes,
          definitionsOf.get(input.activityId) ?? [],
        )
        const [field, problem] = Object.entries(problems)[0] ?? []
        if (field && problem) {
          throw new ImportError(
            msg('{field}: {problem}', { field: `${where}.${field}`, problem: fieldText(problem) }),
          )
        }
        const values: Record<string, AttributeValue> = {}
        for (const [attributeId, value] of Object.entries(input.attributes)) {
          values[`id:${attributeId}`] = value
        }
        activity.events.push({
          eventDate: input.eventDate,
          values,
          originalId: id,
          createdAt: stamp(record.createdAt),
        })
      })
    },

    goals(records) {
      records.forEach((record, index) => {
        const where = `goals[${index}]`
        const input = parse(GoalInput, record, where)
        const activity = activityOf(input.activityId, where)
        if (
          input.target?.kind === 'amount' &&
          definitions.get(input.target.attributeId)?.activityId !== input.activityId
        ) {
          throw new ImportError(
            msg("{where}: not an attribute of the goal's activity in the backup.", {
              where: `${where}.target.attributeId`,
            }),
          )
        }
        activity.goals.push({
          key: `id:${record.id as string}`,
          originalId: record.id as string,
          cadence: input.cadence,
          target:
            input.target?.kind === 'amount'
              ? {
                  kind: 'amount',
                  attributeKey: `id:${input.target.attributeId}`,
                  comparison: input.target.comparison,
                  value: input.target.value,
                }
              : (input.target ?? null),
          createdAt: stamp(record.createdAt),
        })
      })
    },

    reminders(records) {
      const ids = new Set<string>()
      records.forEach((record, index) => {
        const where = `reminders[${index}]`
        const id = record.id as string
        if (ids.has(id)) throw twice(where, id)
        ids.add(id)
        const input = parse(ReminderInput, record, where)
        const activity = activityOf(input.activityId, where)
        const list = activity.reminders ?? []
        if (list.length >= REMINDERS_PER_ACTIVITY_MAX) {
          throw new ImportError(
            msg(
              '{max, plural, one {{where}: the habit has more than # reminder.} other {{where}: the habit has more than # reminders.}}',
              { where, max: REMINDERS_PER_ACTIVITY_MAX },
            ),
          )
        }
        list.push({
          key: `id:${id}`,
          originalId: id,
          time: input.time,
          days: input.days,
          createdAt: stamp(record.createdAt),
          updatedAt: stampOrNull(record.updatedAt),
        })
        activity.reminders = list
      })
    },

    breaks(records) {
      records.forEach((record, index) => {
        const where = `breaks[${index}]`
        const input = parse(BreakInput, record, where)
        const brk = {
          from: input.from,
          to: input.to,
          note: input.note,
          createdAt: stamp(record.createdAt),
          updatedAt: stampOrNull(record.updatedAt),
        }
        if (input.activityId === null) everyHabit.push(brk)
        else {
          const activity = activityOf(input.activityId, where)
          activity.breaks = [...(activity.breaks ?? []), brk]
        }
      })
    },
  }
  for (const name of BACKUP_LIST_NAMES) readers[name](list(json, name, version))

  return {
    format: 'kindling-json',
    source: 'kindling',
    groups: plannedGroups,
    activities: [...planned.values()],
    skipped: new SkipCounter(),
    eventIdentity: 'id',
    sameAccountIds: true,
    ...(version >= 2 ? { settings: parseSettings(json.settings) } : {}),
    breaks: everyHabit,
  }
}

function parseSettings(value: unknown) {
  const settings = parse(BackupSettingsInput, value, 'settings')
  return {
    timeZone: settings.timeZone,
    emailReminders: settings.emailReminders,
    remindersPausedUntil: settings.remindersPausedUntil,
    ...(settings.language === undefined ? {} : { language: settings.language }),
  }
}
