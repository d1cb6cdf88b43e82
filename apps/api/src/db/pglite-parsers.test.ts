import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDrizzleParsers, withoutStatementParsers } from './pglite-parsers'

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

describe("PGlite's parsers given once instead of with every statement", () => {
  let plain: PGlite
  let once: PGlite
  beforeAll(async () => {
    plain = await PGlite.create()
    once = await PGlite.create()
    setDrizzleParsers(once)
    await plain.exec(CREATE)
    await once.exec(CREATE)
  })
  afterAll(async () => {
    await plain.close()
    await once.close()
  })

  it('reads every date and time type as drizzle on an unchanged client reads it', async () => {
    const expected = await readAll(drizzle({ client: plain }))
    const actual = await readAll(drizzle({ client: withoutStatementParsers(once) as PGlite }))
    expect(actual).toEqual(expected)
    // What the app relies on: Date objects where the column says so, PostgreSQL's text otherwise.
    const [row] = actual.select
    expect(row?.at).toEqual(new Date('2026-03-29T01:30:00Z'))
    expect(row?.atText).toBe('2026-03-29 01:30:00.123+00')
    expect(row?.day).toBe('2026-03-29')
    expect(row?.days).toEqual(['2026-03-29', '2026-03-30'])
    expect(actual.execute[0]?.at).toBe('2026-03-29 01:30:00+00')
  })
})
