import { describe, expect, it } from 'vitest'
import { HttpError } from '../http/errors'
import { translate } from '../i18n/translate'
import { buildHabitBullCsv, buildLoopBackup } from '../test/import-fixtures'
import { readImport } from './read-import'
import { EVENTS_PER_MESSAGE, readImportOffThread } from './read-off-thread'

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
          { day: '2021-06-03', value: 0, notes: 'tired' },
        ],
      },
    ])
    const here = await readImport(file.slice())
    const there = await readImportOffThread(file.slice())
    expect(there).toEqual(here)
    expect(there.skipped.list()).toEqual(here.skipped.list())
    expect(there.skipped.list().length).toBeGreaterThan(0)
  })

  it('hands over a plan of more events than one message whole and in order', async () => {
    const days = (count: number, from: number) =>
      Array.from({ length: count }, (_, n) =>
        new Date(Date.UTC(2000, 0, 1 + from + n)).toISOString().slice(0, 10),
      )
    const file = await buildLoopBackup(25, [
      {
        name: 'Long',
        repetitions: days(EVENTS_PER_MESSAGE + 7, 0).map((day) => ({ day, value: 2 })),
      },
      { name: 'Empty', repetitions: [] },
      { name: 'Short', repetitions: days(3, 100).map((day) => ({ day, value: 2 })) },
    ])
    const here = await readImport(file.slice())
    const there = await readImportOffThread(file.slice())
    expect(there.activities.map((activity) => activity.events.length)).toEqual([
      EVENTS_PER_MESSAGE + 7,
      0,
      3,
    ])
    expect(there).toEqual(here)
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

  it('sends a refusal back untranslated, its line and values kept, for the answer’s language', async () => {
    const csv = buildHabitBullCsv([
      { name: 'Read', day: '2021-06-01', value: 1 },
      { name: 'Read', day: '0000-01-01', value: 1 },
    ])
    const refusal = (await readImportOffThread(new TextEncoder().encode(csv)).catch(
      (error: unknown) => error,
    )) as HttpError
    expect(refusal.message).toBe(
      'HabitBull CSV line 3: the date "0000-01-01" is out of range: Kindling keeps dates from 0001-01-02 to 9999-12-31.',
    )
    expect(translate('de', refusal.text)).toBe(
      'HabitBull-CSV, Zeile 3: Das Datum „0000-01-01“ liegt außerhalb des Bereichs: Kindling speichert nur Tage vom 0001-01-02 bis zum 9999-12-31.',
    )
    expect(translate('ja', refusal.text)).toBe(
      'HabitBull の CSV の 3 行目：日付「0000-01-01」は範囲外です。Kindling が保存できる日付は 0001-01-02 から 9999-12-31 までです。',
    )
  })
})
