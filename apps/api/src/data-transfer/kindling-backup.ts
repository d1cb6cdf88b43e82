import {
  ActivityInput,
  type Attribute,
  AttributeInput,
  type AttributeValue,
  BreakInput,
  EventInput,
  GoalInput,
  GroupInput,
  IsoDateTime,
  KINDLING_BACKUP_FORMAT,
  KINDLING_BACKUP_VERSION,
  validateEventAttributes,
} from '@kindling/core'
import type { z } from 'zod'
import { zodFields } from '../http/errors'
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

function list(backup: Json, name: string): Json[] {
  const value = backup[name]
  if (!Array.isArray(value)) {
    throw new ImportError(`This Kindling backup has no "${name}" list: it looks damaged.`)
  }
  value.forEach((item, index) => {
    if (!isObject(item) || typeof item.id !== 'string' || item.id === '') {
      throw new ImportError(`${name}[${index}]: not a record with an id.`)
    }
  })
  return value as Json[]
}

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const [path, message] = Object.entries(zodFields(result.error))[0] ?? ['', 'invalid']
    throw new ImportError(`${where}${path === 'body' ? '' : `.${path}`}: ${message}`)
  }
  return result.data
}

const stamp = (value: unknown): string | undefined =>
  IsoDateTime.safeParse(value).success ? new Date(value as string).toISOString() : undefined

const stampOrNull = (value: unknown): string | null | undefined =>
  value === null ? null : stamp(value)

/**
 * Reads Kindling's own backup (version 1, `KindlingBackup` of core): each record is checked with
 * the same schemas as the API's writes, and every reference (an event's activity and attribute
 * values, a goal's target, a group's activities) must point into the file. Ids stay as
 * `originalId`s so that restoring a backup into its own account adds nothing; the creation and
 * update times are kept, so a round trip gives back the same content apart from the ids.
 */
export function readKindlingBackup(json: unknown): ImportPlan {
  if (!isObject(json) || json.format !== KINDLING_BACKUP_FORMAT) {
    throw new ImportError('This JSON is not a Kindling backup.')
  }
  if (json.version !== KINDLING_BACKUP_VERSION) {
    throw new ImportError(
      typeof json.version === 'number' && json.version > KINDLING_BACKUP_VERSION
        ? `This Kindling backup is version ${json.version}, newer than this server reads (${KINDLING_BACKUP_VERSION}): update Kindling first.`
        : 'This Kindling backup has no valid version.',
    )
  }
  const activities = list(json, 'activities')
  const groups = list(json, 'groups')
  const attributes = list(json, 'attributes')
  const events = list(json, 'events')
  const goals = list(json, 'goals')
  // Breaks (issue 49): absent from backups made before them.
  const breakRecords = json.breaks === undefined ? [] : list(json, 'breaks')

  const planned = new Map<string, PlannedActivity>()
  activities.forEach((record, index) => {
    const id = record.id as string
    if (planned.has(id)) throw new ImportError(`activities[${index}]: the id ${id} appears twice.`)
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
    })
  })
  const activityOf = (id: unknown, where: string): PlannedActivity => {
    const activity = typeof id === 'string' ? planned.get(id) : undefined
    if (!activity)
      throw new ImportError(`${where}: the activity ${String(id)} is not in the backup.`)
    return activity
  }

  // Attributes in each activity's own order (its `attributes` list), then any others.
  const definitions = new Map<string, { activityId: string; attribute: Attribute }>()
  const attributeOrder = new Map<string, number>()
  for (const record of activities) {
    const ids = Array.isArray(record.attributes) ? record.attributes : []
    ids.forEach((id, position) => {
      if (typeof id === 'string') attributeOrder.set(id, position)
    })
  }
  const plannedAttributes = attributes.map((record, index) => {
    const where = `attributes[${index}]`
    const id = record.id as string
    if (definitions.has(id)) throw new ImportError(`${where}: the id ${id} appears twice.`)
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

  const definitionsOf = new Map<string, Attribute[]>()
  for (const { activityId, attribute } of definitions.values()) {
    definitionsOf.set(activityId, [...(definitionsOf.get(activityId) ?? []), attribute])
  }
  const eventIds = new Set<string>()
  events.forEach((record, index) => {
    const where = `events[${index}]`
    const id = record.id as string
    if (eventIds.has(id)) throw new ImportError(`${where}: the id ${id} appears twice.`)
    eventIds.add(id)
    const input = parse(EventInput, record, where)
    if (!isStorableInstant(input.eventDate)) {
      throw new ImportError(
        `${where}.eventDate: ${JSON.stringify(record.eventDate)} is out of range: ${DATE_RANGE}.`,
      )
    }
    const activity = activityOf(input.activityId, where)
    const problems = validateEventAttributes(
      input.attributes,
      definitionsOf.get(input.activityId) ?? [],
    )
    const [field, problem] = Object.entries(problems)[0] ?? []
    if (field) throw new ImportError(`${where}.${field}: ${problem}`)
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

  goals.forEach((record, index) => {
    const where = `goals[${index}]`
    const input = parse(GoalInput, record, where)
    const activity = activityOf(input.activityId, where)
    if (
      input.target &&
      definitions.get(input.target.attributeId)?.activityId !== input.activityId
    ) {
      throw new ImportError(
        `${where}.target.attributeId: not an attribute of the goal's activity in the backup.`,
      )
    }
    activity.goals.push({
      key: `id:${record.id as string}`,
      originalId: record.id as string,
      cadence: input.cadence,
      target: input.target
        ? {
            attributeKey: `id:${input.target.attributeId}`,
            comparison: input.target.comparison,
            value: input.target.value,
          }
        : null,
      createdAt: stamp(record.createdAt),
    })
  })

  const plannedGroups: PlannedGroup[] = groups.map((record, index) => {
    const where = `groups[${index}]`
    const id = record.id as string
    const input = parse(GroupInput, record, where)
    input.activities.forEach((activityId, position) => {
      const activity = activityOf(activityId, `${where}.activities`)
      if (activity.groupKey) return
      activity.groupKey = `id:${id}`
      activity.groupPosition = position
    })
    return {
      key: `id:${id}`,
      keys: [`id:${id}`],
      originalId: id,
      name: input.name,
      description: input.description,
      color: input.color ?? '#ff8800',
      position: input.position,
      createdAt: stamp(record.createdAt),
      updatedAt: stampOrNull(record.updatedAt),
    }
  })

  const everyHabit: PlannedBreak[] = []
  breakRecords.forEach((record, index) => {
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

  return {
    format: 'kindling-json',
    source: 'kindling',
    groups: plannedGroups,
    activities: [...planned.values()],
    skipped: new SkipCounter(),
    eventIdentity: 'id',
    sameAccountIds: true,
    breaks: everyHabit,
  }
}
