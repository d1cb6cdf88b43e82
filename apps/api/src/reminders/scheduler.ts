import {
  buildBreakRanges,
  buildDayTotals,
  type DayTotals,
  DEFAULT_TIME_ZONE,
  getNextReminderOccurrence,
  getPeriod,
  getPeriodUnit,
  getReminderSkipReason,
  getScheduleCadence,
  indexGoalTargets,
  Language,
  type Schedule,
  toCalendarDay,
} from '@kindling/core'
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import {
  activities,
  attributes,
  breaks,
  events,
  goals,
  pushSubscriptions,
  reminderDeliveries,
  reminderSnoozes,
  reminders,
  user,
  userSettings,
} from '../db/schema'
import { translator } from '../i18n/translate'
import { buildReminderMail, type Mailer } from '../mail/mailer'
import { toAttribute, toGoal } from '../routes/records'
import type { PushSender } from './push-sender'
import { DEFAULT_SETTINGS, readSettings } from './settings'

/** A reminder more than this late (the server was down) is skipped, not sent. */
export const LATE_LIMIT_MS = 60 * 60 * 1000
/** Rows claimed per transaction. */
const BATCH = 100
/** Deliveries in flight at once on a node, by default (`REMINDER_CONCURRENCY`). */
export const DEFAULT_CONCURRENCY = 16
/** Delivery records are kept this long (the claims only matter for a day). */
const KEEP_DELIVERIES_MS = 35 * 24 * 60 * 60 * 1000

export type DeliveryStatus =
  | 'sent'
  | 'missed'
  | 'skipped-done'
  | 'skipped-paused'
  | 'skipped-break'
  | 'skipped-inactive'
  | 'no-channel'
  | 'failed'

export interface Delivery {
  reminderId: string
  day: string
  /** regular: the reminder's own time; snooze: 'Snooze 1 hour' from a notification. */
  kind: 'regular' | 'snooze'
  status: DeliveryStatus
  /** How many pushes and e-mails went out. */
  sent: number
}

export interface ReminderScheduler {
  /** One pass at `now`: claims what is due, delivers it, and reports what happened. */
  tick(now?: Date): Promise<Delivery[]>
  /** Runs a pass now and every `intervalSeconds` until stop(). */
  start(intervalSeconds: number): void
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>
}

interface Claimed {
  reminderId: string
  day: string
  kind: Delivery['kind']
}

/**
 * The server's reminder scheduler (issue 18, docs/decisions/071). Every pass claims due
 * reminders inside a transaction that locks their rows (`FOR UPDATE SKIP LOCKED`, so several API
 * nodes share the work without waiting on each other), records the claim under the primary key
 * (reminder, local day) and moves the reminder to its next occurrence, then commits and only
 * then delivers. A claim is never delivered twice: a node that dies between the commit and the
 * delivery loses that one reminder rather than sending it twice.
 */
export function createReminderScheduler(options: {
  db: Database
  mailer: Mailer
  push: PushSender
  publicUrl: string
  logger: Logger
  clock: () => Date
  /** Deliveries in flight at most (each its pushes and e-mail, one after the other). */
  concurrency?: number
}): ReminderScheduler {
  const { db, logger } = options
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
  let timer: NodeJS.Timeout | undefined
  let running: Promise<Delivery[]> | undefined
  let lastPrune = 0

  /** Claims due reminders a batch at a time; `claimed` gets each batch once it is committed. */
  async function claimRegular(
    now: Date,
    claimed: (items: Claimed[]) => Promise<void>,
  ): Promise<void> {
    // Each batch moves every row it takes to a later occurrence, so the loop ends.
    for (let round = 0; round < 1000; round += 1) {
      const batch: Claimed[] = []
      const taken = await db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: reminders.id,
            activityId: reminders.activityId,
            author: reminders.author,
            time: reminders.time,
            days: reminders.days,
            nextDueAt: reminders.nextDueAt,
            nextDueDay: reminders.nextDueDay,
            activityDeletedAt: activities.deletedAt,
            timeZone: userSettings.timeZone,
          })
          .from(reminders)
          .innerJoin(activities, eq(activities.id, reminders.activityId))
          .leftJoin(userSettings, eq(userSettings.userId, reminders.author))
          .where(and(isNull(reminders.deletedAt), lte(reminders.nextDueAt, now)))
          .orderBy(asc(reminders.nextDueAt))
          .limit(BATCH)
          .for('update', { of: reminders, skipLocked: true })
        // Three statements a batch: reminders of deleted habits stop, the claims, the moves.
        const stopped = rows.filter((row) => row.activityDeletedAt).map((row) => row.id)
        if (stopped.length > 0) {
          await tx
            .update(reminders)
            .set({ nextDueAt: null, nextDueDay: null })
            .where(inArray(reminders.id, stopped))
        }
        const live = rows.filter((row) => !row.activityDeletedAt)
        if (live.length === 0) return rows.length
        const claims = live.map((row) => ({
          reminderId: row.id,
          day: row.nextDueDay as string,
          dueAt: row.nextDueAt as Date,
          status:
            now.getTime() - (row.nextDueAt as Date).getTime() > LATE_LIMIT_MS
              ? 'missed'
              : 'claimed',
          claimedAt: now,
        }))
        const inserted = new Set(
          (
            await tx
              .insert(reminderDeliveries)
              .values(claims)
              .onConflictDoNothing()
              .returning({ reminderId: reminderDeliveries.reminderId })
          ).map((row) => row.reminderId),
        )
        for (const claim of claims) {
          if (inserted.has(claim.reminderId) && claim.status === 'claimed') {
            batch.push({ reminderId: claim.reminderId, day: claim.day, kind: 'regular' })
          }
        }
        // A missed one moves on to the first occurrence within the last hour, if any.
        const moves = live.map((row) => {
          const dueAt = row.nextDueAt as Date
          const late = now.getTime() - dueAt.getTime() > LATE_LIMIT_MS
          const after = late ? new Date(now.getTime() - LATE_LIMIT_MS) : dueAt
          const next = getNextReminderOccurrence(row, after, row.timeZone || DEFAULT_TIME_ZONE)
          return { id: row.id, at: next?.at ?? null, day: next?.day ?? null }
        })
        await tx.execute(sql`
          update ${reminders} set next_due_at = moved.at, next_due_day = moved.day
          from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb)
            as moved(id uuid, at timestamptz, day date)
          where ${reminders.id} = moved.id`)
        return rows.length
      })
      if (taken === 0) break
      // Delivered only now, after the claim's commit (at most once).
      await claimed(batch)
    }
  }

  async function claimSnoozes(
    now: Date,
    claimed: (items: Claimed[]) => Promise<void>,
  ): Promise<void> {
    const due = db
      .select({ id: reminderSnoozes.id })
      .from(reminderSnoozes)
      .where(and(isNull(reminderSnoozes.claimedAt), lte(reminderSnoozes.dueAt, now)))
      .orderBy(asc(reminderSnoozes.dueAt))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    for (let round = 0; round < 1000; round += 1) {
      const batch: Claimed[] = []
      const rows = await db
        .update(reminderSnoozes)
        .set({ claimedAt: now })
        .where(inArray(reminderSnoozes.id, due))
        .returning()
      if (rows.length === 0) break
      for (const row of rows) {
        if (now.getTime() - row.dueAt.getTime() > LATE_LIMIT_MS) continue
        const { timeZone } = await readSettings(db, row.author)
        batch.push({
          reminderId: row.reminderId,
          day: toCalendarDay(row.dueAt, timeZone),
          kind: 'snooze',
        })
      }
      await claimed(batch)
    }
  }

  async function deliver(item: Claimed): Promise<Delivery> {
    const [row] = await db
      .select({
        reminder: reminders,
        activity: activities,
        email: user.email,
        settings: userSettings,
      })
      .from(reminders)
      .innerJoin(activities, eq(activities.id, reminders.activityId))
      .innerJoin(user, eq(user.id, reminders.author))
      .leftJoin(userSettings, eq(userSettings.userId, reminders.author))
      .where(eq(reminders.id, item.reminderId))
    const result = (status: DeliveryStatus, sent = 0): Delivery => ({ ...item, status, sent })
    if (!row || row.reminder.deletedAt) return result('skipped-inactive')
    const { reminder, activity } = row
    // The user's settings, or the defaults when they never saved any (readSettings).
    const settings = row.settings
      ? {
          timeZone: row.settings.timeZone,
          emailReminders: row.settings.emailReminders,
          remindersPausedUntil: row.settings.remindersPausedUntil,
          language: Language.nullable().catch(null).parse(row.settings.language),
        }
      : DEFAULT_SETTINGS
    const schedule = activity.schedule as Schedule
    const period = getPeriod(
      getPeriodUnit(getScheduleCadence(schedule) ?? 'Daily'),
      item.day,
      settings.timeZone,
    )
    // The period's events as the habit's days: done-state reads them as every screen does.
    const periodEvents = await db
      .select({
        activityId: events.activityId,
        eventDate: events.eventDate,
        attributes: events.attributes,
      })
      .from(events)
      .where(
        and(
          liveRowsOf(events, reminder.author),
          eq(events.activityId, activity.id),
          gte(events.eventDate, new Date(period.startInstant)),
          lt(events.eventDate, new Date(period.endInstant)),
        ),
      )
    // The habit's breaks (its own and every habit's) that hold the occurrence's day.
    const dayBreaks = await db
      .select({ id: breaks.id, activityId: breaks.activityId, from: breaks.from, to: breaks.to })
      .from(breaks)
      .where(
        and(
          liveRowsOf(breaks, reminder.author),
          or(isNull(breaks.activityId), eq(breaks.activityId, activity.id)),
          lte(breaks.from, item.day),
          gte(breaks.to, item.day),
        ),
      )
    const days: DayTotals = {
      ...buildDayTotals(
        periodEvents.map((event) => ({ ...event, eventDate: event.eventDate.toISOString() })),
        settings.timeZone,
      ),
      breaks: buildBreakRanges(dayBreaks, activity.id),
    }
    // What the period asks: the habit's goal of its cadence ("3 times a week"), as on screen.
    const cadence = getScheduleCadence(schedule) ?? 'Daily'
    const habitGoals = await db
      .select()
      .from(goals)
      .where(
        and(
          liveRowsOf(goals, reminder.author),
          eq(goals.activityId, activity.id),
          eq(goals.cadence, cadence),
        ),
      )
      .orderBy(desc(goals.createdAt))
    const habitAttributes = await db
      .select()
      .from(attributes)
      .where(and(liveRowsOf(attributes, reminder.author), eq(attributes.activityId, activity.id)))
    const target = indexGoalTargets(habitGoals.map(toGoal), habitAttributes.map(toAttribute))(
      activity.id,
      cadence,
    )
    const reason = getReminderSkipReason(
      { activityId: reminder.activityId, day: item.day },
      {
        activity: {
          id: activity.id,
          name: activity.name,
          schedule,
          archived: activity.archived,
          deletedAt: activity.deletedAt?.toISOString() ?? null,
        },
        days,
        target,
        pausedUntil: settings.remindersPausedUntil,
      },
    )
    if (reason) return result(`skipped-${reason}`)

    // In the account's language (decision 161); one who never chose one reads English.
    const language = settings.language ?? 'en'
    const message = reminderMessage(activity.name, language)
    const path = `/activities/${activity.id}`
    let attempted = 0
    let sent = 0
    const subscriptions = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, reminder.author))
    for (const subscription of subscriptions) {
      attempted += 1
      const outcome = await options.push.send(subscription, {
        type: 'reminder',
        ...message,
        reminderId: reminder.id,
        activityId: activity.id,
        day: item.day,
        url: path,
      })
      if (outcome === 'sent') sent += 1
      if (outcome === 'gone') {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
      }
    }
    if (settings.emailReminders) {
      attempted += 1
      try {
        await options.mailer.send(
          buildReminderMail(row.email, message, `${options.publicUrl}${path}`, language),
        )
        sent += 1
      } catch (error) {
        logger.warn({ err: error }, 'a reminder e-mail failed')
      }
    }
    if (attempted === 0) return result('no-channel')
    return result(sent > 0 ? 'sent' : 'failed', sent)
  }

  async function prune(now: Date) {
    if (now.getTime() - lastPrune < LATE_LIMIT_MS) return
    lastPrune = now.getTime()
    const before = new Date(now.getTime() - KEEP_DELIVERIES_MS)
    await db.delete(reminderDeliveries).where(lt(reminderDeliveries.claimedAt, before))
    await db.delete(reminderSnoozes).where(lt(reminderSnoozes.dueAt, before))
  }

  /** Delivers one claim and records how it went. */
  async function deliverAndRecord(item: Claimed): Promise<Delivery> {
    let delivery: Delivery
    try {
      delivery = await deliver(item)
    } catch (error) {
      logger.error({ err: error, reminderId: item.reminderId }, 'a reminder delivery failed')
      delivery = { ...item, status: 'failed', sent: 0 }
    }
    if (item.kind === 'regular') {
      await db
        .update(reminderDeliveries)
        .set({ status: delivery.status })
        .where(
          and(
            eq(reminderDeliveries.reminderId, item.reminderId),
            eq(reminderDeliveries.day, item.day),
          ),
        )
        .catch((error: unknown) => logger.warn({ err: error }, 'a delivery status was not kept'))
    }
    return delivery
  }

  /**
   * Claims and delivers what is due at `now`. Deliveries run `concurrency` at a time (decision
   * 156) while later batches are claimed; a batch is claimed only when fewer than `concurrency`
   * claims wait for a slot, so a node never holds more than it can soon send (another node takes
   * the rest, and a node that dies loses little).
   */
  async function pass(now: Date): Promise<Delivery[]> {
    const deliveries: Delivery[] = []
    const pool = boundedPool(concurrency)
    const claimed = async (items: Claimed[]) => {
      for (const item of items) {
        const index = deliveries.length
        deliveries.length += 1
        pool.add(async () => {
          deliveries[index] = await deliverAndRecord(item)
        })
      }
      await pool.room()
    }
    try {
      await claimRegular(now, claimed)
      await claimSnoozes(now, claimed)
    } finally {
      // What was claimed is delivered even when a later claim fails.
      await pool.idle()
    }
    await prune(now)
    return deliveries
  }

  function tick(now = options.clock()): Promise<Delivery[]> {
    // One pass at a time on this node; a tick during a pass waits for it, then runs its own.
    const previous = running ?? Promise.resolve([])
    const next = previous.catch(() => []).then(() => pass(now))
    running = next
    return next.finally(() => {
      if (running === next) running = undefined
    })
  }

  return {
    tick,
    start(intervalSeconds) {
      const run = () =>
        tick().catch((error: unknown) => logger.warn({ err: error }, 'a reminder pass failed'))
      void run()
      timer = setInterval(run, intervalSeconds * 1000)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
    },
  }
}

/**
 * Runs tasks at most `limit` at a time, in the order added. Tasks must not reject (a delivery
 * records its own failure).
 */
function boundedPool(limit: number) {
  let active = 0
  const queue: (() => Promise<void>)[] = []
  const waiters: (() => void)[] = []
  const pump = () => {
    while (active < limit && queue.length > 0) {
      const task = queue.shift() as () => Promise<void>
      active += 1
      void task().finally(() => {
        active -= 1
        pump()
        for (const wake of waiters.splice(0)) wake()
      })
    }
  }
  const until = async (ready: () => boolean) => {
    while (!ready()) await new Promise<void>((resolve) => waiters.push(resolve))
  }
  return {
    add(task: () => Promise<void>) {
      queue.push(task)
      pump()
    },
    /** Until fewer than `limit` tasks wait for a slot. */
    room: () => until(() => queue.length < limit),
    /** Until every task added has ended. */
    idle: () => until(() => active === 0 && queue.length === 0),
  }
}

/**
 * The notification of a reminder for the habit `name` in `language`: the name as its title,
 * core's buildReminderMessage body (the native shells' own) through the server's catalogs, and
 * the labels of its buttons (the service worker shows them as they come).
 */
export function reminderMessage(
  name: string,
  language: Language,
): { title: string; body: string; actions: { done: string; snooze: string } } {
  const t = translator(language)
  return {
    title: name,
    body: t('Time for {name}. Kindling reminder.', { name }),
    actions: { done: t('Done'), snooze: t('Snooze 1 hour') },
  }
}
