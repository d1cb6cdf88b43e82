import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isDatabaseUnreachable } from './client'
import { type PgliteThread, startPgliteThread } from './pglite-thread'

const moments = pgTable('moments', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }).notNull(),
  local: timestamp('local').notNull(),
  day: date('day').notNull(),
  dayDate: date('day_date', { mode: 'date' }).notNull(),
  span: interval('span').notNull(),
  amount: numeric('amount').notNull(),
  days: date('days').array().notNull(),
  times: timestamp('times', { withTimezone: true, mode: 'string' }).array().notNull(),
})

const CREATE = `create table moments (id integer primary key, at timestamptz not null,
  at_text timestamptz not null, local timestamp not null, day date not null, day_date date not null,
  span interval not null, amount numeric not null, days date[] not null, times timestamptz[] not null);
  insert into moments values (1, '2026-03-29 01:30:00+00', '2026-03-29 01:30:00.123+00',
  '2026-03-29 02:30:00', '2026-03-29', '2026-02-28', '1 day 02:00:00', 12.50,
  '{2026-03-29,2026-03-30}', '{"2026-03-29 01:30:00+00"}')`

/** Everything the app reads through drizzle: typed selects, raw rows, inside a transaction. */
async function readAll(db: ReturnType<typeof drizzle>) {
  return {
    select: await db.select().from(moments),
    execute: (await db.execute(sql`select * from moments`)).rows,
    inTransaction: await db.transaction(async (tx) => ({
      select: await tx.select().from(moments),
      execute: (await tx.execute(sql`select * from moments`)).rows,
    })),
  }
}

describe('PGlite on its own thread', () => {
  let plain: PGlite
  let thread: PgliteThread
  beforeAll(async () => {
    plain = await PGlite.create()
    thread = await startPgliteThread('memory://')
    await plain.exec(CREATE)
    await thread.exec(CREATE)
    await thread.exec('create table names (name text primary key)')
  })
  afterAll(async () => {
    await plain.close()
    await thread.close()
  })

  it('reads every date and time type as drizzle on PGlite on this thread reads it', async () => {
    const expected = await readAll(drizzle({ client: plain }))
    const actual = await readAll(drizzle({ client: thread as unknown as PGlite }))
    expect(actual).toEqual(expected)
    // What the app relies on: Date objects where the column says so, PostgreSQL's text otherwise.
    const [row] = actual.select
    expect(row?.at).toEqual(new Date('2026-03-29T01:30:00Z'))
    expect(row?.atText).toBe('2026-03-29 01:30:00.123+00')
    expect(row?.day).toBe('2026-03-29')
    expect(row?.days).toEqual(['2026-03-29', '2026-03-30'])
    expect(actual.execute[0]?.at).toBe('2026-03-29 01:30:00+00')
  })

  it("keeps answering this thread's timers while a long statement runs", async () => {
    let turns = 0
    let running = true
    const turn = () => {
      turns += 1
      if (running) setImmediate(turn)
    }
    setImmediate(turn)
    const { rows } = await thread.query<{ total: string }>(
      'select sum(a * b)::text as total from generate_series(1, 1500) a, generate_series(1, 1500) b',
    )
    running = false
    expect(rows[0]?.total).toBe(String(((1500 * 1501) / 2) ** 2))
    // PGlite on this thread runs a statement's WebAssembly in one go: no turn of the event loop
    // came between a statement and its answer. On its thread, this one's took many.
    expect(turns).toBeGreaterThan(10)
  })

  it("gives PostgreSQL's error fields, through drizzle too, and stays usable", async () => {
    const db = drizzle({ client: thread as unknown as PGlite })
    await db.execute(sql`insert into names values ('a')`)
    const failure = await db.execute(sql`insert into names values ('a')`).catch((error) => error)
    expect(failure).toBeInstanceOf(DrizzleQueryError)
    expect(failure.cause).toMatchObject({
      code: '23505',
      constraint: 'names_pkey',
      table: 'names',
      detail: 'Key (name)=(a) already exists.',
    })
    expect(isDatabaseUnreachable(failure)).toBe(false)
    expect((await db.execute(sql`select count(*)::int as n from names`)).rows).toEqual([{ n: 1 }])
  })

  it('runs a transaction alone: other statements wait for its end, a failed one leaves nothing', async () => {
    const db = drizzle({ client: thread as unknown as PGlite })
    let inside: () => void = () => undefined
    const entered = new Promise<void>((resolve) => {
      inside = resolve
    })
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const order: string[] = []
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`insert into names values ('in-tx')`)
      inside()
      await held
      order.push('transaction ends')
    })
    await entered
    const outside = db
      .execute(sql`select count(*)::int as n from names where name = 'in-tx'`)
      .then((result) => {
        order.push('outside answered')
        return result.rows
      })
    release()
    await transaction
    // The outside read waited for the commit, and so saw the transaction's row.
    expect(await outside).toEqual([{ n: 1 }])
    expect(order).toEqual(['transaction ends', 'outside answered'])

    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into names values ('rolled-back')`)
        throw new Error('changed my mind')
      })
      .catch((error: Error) => error.message)
    expect(failed).toBe('changed my mind')
    const left = await db.execute(sql`select name from names where name = 'rolled-back'`)
    expect(left.rows).toEqual([])
  })
})

describe('PGlite on its own thread, closed', () => {
  it('fails later calls as a database shut down, which the app answers 503', async () => {
    const thread = await startPgliteThread('memory://')
    await thread.close()
    const failure = await thread.query('select 1').catch((error: unknown) => error)
    expect(isDatabaseUnreachable(failure)).toBe(true)
    await thread.close()
  })
})
