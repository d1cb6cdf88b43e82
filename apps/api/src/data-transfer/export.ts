import {
  type Attribute,
  type AttributeValue,
  type BackupLists,
  KINDLING_BACKUP_FORMAT,
  KINDLING_BACKUP_VERSION,
  type KindlingBackup,
  toCalendarDay,
} from '@kindling/core'
import { asc } from 'drizzle-orm'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { activities, attributes, breaks, events, goals, groups, reminders } from '../db/schema'
import { readSettings } from '../reminders/settings'
import {
  toActivity,
  toAttribute,
  toBreak,
  toEvent,
  toGoal,
  toGroup,
  toReminder,
} from '../routes/records'
import { csvLine, neutraliseFormula } from './csv'

/**
 * Every live record of the caller, one list per list of a backup (`BACKUP_LISTS` of core),
 * consistent with itself: records of deleted activities are left out, and so are references to
 * records that are gone (a group's deleted member, an event's value for a deleted attribute, a
 * goal's target on a deleted attribute), which the app no longer shows either.
 */
async function loadEverything(db: Database, uid: string): Promise<BackupLists> {
  const [activityRows, groupRows, attributeRows, eventRows, goalRows, reminderRows, breakRows] =
    await Promise.all([
      db
        .select()
        .from(activities)
        .where(liveRowsOf(activities, uid))
        .orderBy(asc(activities.createdAt), asc(activities.id)),
      db
        .select()
        .from(groups)
        .where(liveRowsOf(groups, uid))
        .orderBy(asc(groups.createdAt), asc(groups.id)),
      db
        .select()
        .from(attributes)
        .where(liveRowsOf(attributes, uid))
        .orderBy(asc(attributes.createdAt), asc(attributes.id)),
      db
        .select()
        .from(events)
        .where(liveRowsOf(events, uid))
        .orderBy(asc(events.eventDate), asc(events.id)),
      db
        .select()
        .from(goals)
        .where(liveRowsOf(goals, uid))
        .orderBy(asc(goals.createdAt), asc(goals.id)),
      db
        .select()
        .from(reminders)
        .where(liveRowsOf(reminders, uid))
        .orderBy(asc(reminders.createdAt), asc(reminders.id)),
      db
        .select()
        .from(breaks)
        .where(liveRowsOf(breaks, uid))
        .orderBy(asc(breaks.from), asc(breaks.id)),
    ])
  const liveActivities = new Set(activityRows.map((row) => row.id))
  const liveAttributes = attributeRows.filter((row) => liveActivities.has(row.activityId))
  const attributeIds = new Set(liveAttributes.map((row) => row.id))
  return {
    activities: activityRows.map((row) => ({
      ...toActivity(row),
      attributes: row.attributes.filter((id) => attributeIds.has(id)),
    })),
    groups: groupRows.map((row) => ({
      ...toGroup(row),
      activities: row.activities.filter((id) => liveActivities.has(id)),
    })),
    attributes: liveAttributes.map(toAttribute),
    events: eventRows
      .filter((row) => liveActivities.has(row.activityId))
      .map((row) => {
        const event = toEvent(row)
        const values = Object.entries(event.attributes).filter(([id]) => attributeIds.has(id))
        return { ...event, attributes: Object.fromEntries(values) }
      }),
    goals: goalRows
      .filter((row) => liveActivities.has(row.activityId))
      .map((row) => {
        const goal = toGoal(row)
        return goal.target?.kind === 'amount' && !attributeIds.has(goal.target.attributeId)
          ? { ...goal, target: null }
          : goal
      }),
    reminders: reminderRows.filter((row) => liveActivities.has(row.activityId)).map(toReminder),
    // Breaks of every habit (null) and of live ones.
    breaks: breakRows
      .filter((row) => row.activityId === null || liveActivities.has(row.activityId))
      .map(toBreak),
  }
}

/** The caller's whole account as a versioned Kindling backup (`KindlingBackup` of core). */
export async function buildBackup(db: Database, uid: string, now: Date): Promise<KindlingBackup> {
  return {
    format: KINDLING_BACKUP_FORMAT,
    version: KINDLING_BACKUP_VERSION,
    exportedAt: now.toISOString(),
    ...(await loadEverything(db, uid)),
    settings: await readSettings(db, uid),
  }
}

const TYPE_LABEL: Record<string, string> = { duration: 'Duration', rating: 'Rating' }

/** A value's cell: a number as it is (-5 stays -5), text never read as a formula. */
function formatValue(value: AttributeValue | undefined): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'number') return String(value)
  return neutraliseFormula(Array.isArray(value) ? value.join('; ') : String(value))
}

/**
 * The caller's events as CSV, one row per event, oldest first: its day and time in `timeZone`,
 * the instant, the activity's name, then one column per attribute (named after it, with the
 * activity's name in brackets when two attributes share a name). Starts with a byte-order mark
 * so spreadsheets read it as UTF-8; names and text that a spreadsheet would run as a formula
 * start with `'` (`neutraliseFormula`).
 */
export async function buildEventsCsv(db: Database, uid: string, timeZone: string): Promise<string> {
  const data = await loadEverything(db, uid)
  const activityName = new Map(data.activities.map((activity) => [activity.id, activity.name]))
  const order = new Map<string, number>()
  data.activities.forEach((activity, activityIndex) => {
    activity.attributes.forEach((id, position) => {
      order.set(id, activityIndex * 1000 + position)
    })
  })
  const columns = [...data.attributes].sort(
    (a, b) =>
      (order.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  )
  const label = (attribute: Attribute) => attribute.name || TYPE_LABEL[attribute.type] || 'Value'
  const taken = new Map<string, number>()
  for (const attribute of columns)
    taken.set(label(attribute), (taken.get(label(attribute)) ?? 0) + 1)
  const headers = columns.map((attribute) =>
    neutraliseFormula(
      (taken.get(label(attribute)) ?? 0) > 1
        ? `${label(attribute)} (${activityName.get(attribute.activityId) ?? ''})`
        : label(attribute),
    ),
  )
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const lines = [csvLine(['Date', 'Time', 'Instant', 'Activity', ...headers])]
  for (const event of data.events) {
    const at = new Date(event.eventDate)
    lines.push(
      csvLine([
        toCalendarDay(at, timeZone),
        time.format(at),
        event.eventDate,
        neutraliseFormula(activityName.get(event.activityId) ?? ''),
        ...columns.map((attribute) => formatValue(event.attributes[attribute.id])),
      ]),
    )
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
