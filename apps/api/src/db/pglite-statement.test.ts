import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDrizzleParsers } from './pglite-parsers'
import { runStatement } from './pglite-statement'

const CREATE = `create table things (
  id uuid primary key, name text not null, tags text[] not null, body jsonb, done boolean,
  n integer, big bigint, amount numeric, at timestamptz, day date, raw bytea, scores integer[]);
  insert into things values
  ('00000000-0000-4000-8000-000000000001', 'Ünïcode ✓ "quoted"', '{a,"b c"}',
   '{"kind":"daily","days":[1,2]}', true, 7, 9007199254740993, 12.50,
   '2026-03-29 01:30:00.123+00', '2026-03-29', '\\x00ff10', '{3,1,2}'),
  ('00000000-0000-4000-8000-000000000002', 'second', '{}', null, null, null, null, null, null,
   null, null, null)`

describe('a statement on PGlite in one pass', () => {
  let pg: PGlite
  beforeAll(async () => {
    pg = await PGlite.create()
    setDrizzleParsers(pg)
    await pg.exec(CREATE)
  })
  afterAll(() => pg.close())

  /** PGlite's own answer to the same statement, as the worker used to give it. */
  const viaQuery = async (text: string, params?: unknown[], rowMode?: 'array' | 'object') => {
    const { rows, fields, affectedRows } = await pg.query(text, params, { rowMode })
    return { rows, fields, affectedRows }
  }

  it('reads every type as PGlite reads it, by name or by position', async () => {
    for (const rowMode of ['object', 'array'] as const) {
      const text = 'select * from things order by id'
      const answer = await runStatement(pg, text, [], rowMode)
      expect(answer).toEqual(await viaQuery(text, [], rowMode))
      expect(answer.rows).toHaveLength(2)
    }
    const [row] = (await runStatement(pg, 'select * from things order by id')).rows as Record<
      string,
      unknown
    >[]
    expect(row).toMatchObject({
      name: 'Ünïcode ✓ "quoted"',
      tags: ['a', 'b c'],
      body: { kind: 'daily', days: [1, 2] },
      done: true,
      n: 7,
      big: 9007199254740993n,
      at: '2026-03-29 01:30:00.123+00',
      scores: [3, 1, 2],
    })
    expect(row?.raw).toEqual(new Uint8Array([0, 255, 16]))
  })

  it('takes parameters as node-postgres sends them: dates, arrays, objects, bytes, null', async () => {
    const at = new Date('2026-11-29T23:30:00.250Z')
    await runStatement(
      pg,
      'insert into things (id, name, tags, body, done, n, at, raw, scores) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [
        '00000000-0000-4000-8000-000000000003',
        'third',
        ['x', 'y "z"', null],
        { nested: { ok: true }, list: [1, 'two'] },
        false,
        42,
        at,
        new Uint8Array([1, 2, 3]),
        null,
      ],
    )
    const { rows } = await pg.query<Record<string, unknown>>(
      `select tags, body, done, n, (extract(epoch from at) * 1000)::bigint::text as ms, raw, scores from things
       where id = '00000000-0000-4000-8000-000000000003'`,
    )
    expect(rows[0]).toEqual({
      tags: ['x', 'y "z"', null],
      body: { nested: { ok: true }, list: [1, 'two'] },
      done: false,
      n: 42,
      ms: String(at.getTime()),
      raw: new Uint8Array([1, 2, 3]),
      scores: null,
    })
  })

  it('counts the rows a write changed', async () => {
    const text = "update things set n = coalesce(n, 0) + 1 where name <> 'nobody'"
    const answer = await runStatement(pg, text)
    expect(answer.affectedRows).toBe(3)
    expect(answer.rows).toEqual([])
    expect((await runStatement(pg, 'delete from things where false')).affectedRows).toBe(0)
    expect((await runStatement(pg, 'select 1 as one')).affectedRows).toBe(0)
  })

  it("throws PostgreSQL's error with its fields and answers the next statement", async () => {
    const failure = await runStatement(
      pg,
      'insert into things (id, name, tags) values ($1, $2, $3)',
      ['00000000-0000-4000-8000-000000000001', 'again', []],
    ).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect(failure).toMatchObject({
      code: '23505',
      constraint: 'things_pkey',
      table: 'things',
      message: 'duplicate key value violates unique constraint "things_pkey"',
    })
    const syntax = await runStatement(pg, 'selec 1').catch((error: unknown) => error)
    expect(syntax).toMatchObject({ code: '42601' })
    expect((await runStatement(pg, 'select count(*)::int as n from things')).rows).toEqual([
      { n: 3 },
    ])
  })

  it('runs inside an open transaction, whose rollback takes its writes back', async () => {
    await pg
      .transaction(async () => {
        await runStatement(pg, "update things set name = 'renamed'", [], 'object', true)
        const { rows } = await runStatement(
          pg,
          "select count(*)::int as n from things where name = 'renamed'",
          [],
          'object',
          true,
        )
        expect(rows).toEqual([{ n: 3 }])
        throw new Error('undo')
      })
      .catch(() => undefined)
    const { rows } = await runStatement(
      pg,
      "select count(*)::int as n from things where name = 'renamed'",
    )
    expect(rows).toEqual([{ n: 0 }])
  })
})
