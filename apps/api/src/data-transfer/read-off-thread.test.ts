import { describe, expect, it } from 'vitest'
import { HttpError } from '../http/errors'
import { readImport } from './read-import'
import { readImportOffThread } from './read-off-thread'
import { buildHabitBullCsv, buildLoopBackup } from './test-fixtures'

describe('readImportOffThread', () => {
  it('reads a file in its worker into the plan the server thread would read', async () => {
    const file = await buildLoopBackup(25, [
      {
        name: 'Meditate every morning before work',
        numerical: true,
        unit: 'min',
        repetitions: [
          { day: '2021-06-01', value: 20_000, notes: 'calm' },
          { day: '2021-06-02', value: 3 },
        ],
      },
    ])
    const here = await readImport(file.slice())
    const there = await readImportOffThread(file.slice())
    expect(there).toEqual(here)
    expect(there.skipped.list()).toEqual(here.skipped.list())
    expect(there.skipped.list().length).toBeGreaterThan(0)
  })

  it('refuses a file it cannot read with the same 400, and reads the next file', async () => {
    const refusal = await readImportOffThread(new TextEncoder().encode('hello')).catch(
      (error: unknown) => error,
    )
    expect(refusal).toBeInstanceOf(HttpError)
    expect(refusal).toMatchObject({ status: 400, code: 'import-unreadable' })
    expect((refusal as Error).message).toMatch(/not one Kindling imports/)

    const csv = buildHabitBullCsv([{ name: 'Read', day: '2021-06-01', value: 1 }])
    const plans = await Promise.all(
      ['Read', 'Walk', 'Swim'].map((name) =>
        readImportOffThread(new TextEncoder().encode(csv.replace('Read', name))),
      ),
    )
    expect(plans.map((plan) => plan.activities[0]?.name)).toEqual(['Read', 'Walk', 'Swim'])
  })
})
