import type { Activity, Event, Goal, Group, ImportSummary } from '@kindling/core'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../app'
import {
  signUp,
  startTestServer,
  stopTestServer,
  type TestServer,
  type TestUser,
  testBackends,
} from '../test/harness'
import { buildLoopBackup, editLoopBackup } from '../test/import-fixtures'
import { transferCalls } from '../test/transfer-api'

/*
 * Files shaped as the other apps' own writers write them, byte for byte where it matters, rather
 * than as our fixture builders read their schemas. What each one copies, and from where:
 * - HabitBull's format as other trackers write it: header-named columns with one more or renamed
 *   (a `DateNumber` before `Date`, `Notes` for `CommentText`), and year-first dates without
 *   their zeros, which Loop's HabitBullCSVImporter reads (it splits the date on '-').
 * - Loop Habit Tracker 2.3.1 (iSoron/uhabits): `uhabits-core/.../io/HabitsCSVExporter.kt` and
 *   `HabitList.writeCSV` with opencsv (quotes only where needed, LF line ends): `Habits.csv`, a
 *   folder `%03d <name without [^ a-zA-Z0-9._-]>` per habit with `Date,Value,Notes` of the
 *   computed entries (YES_AUTO days too, notes on any of them, `Entry.formattedValue`: labels for
 *   -1..3, the raw thousandths otherwise, numerical habits included) and `Scores.csv`, and the
 *   wide root files, whose header and rows end in a comma and whose names are not quoted.
 * - Loop's backup as Android copies the database file: a `android_metadata` table, the columns
 *   migration 9 made and none dropped since (`skip_days`, `skip_days_list`), the `Events` table of
 *   migration 19, uuids of `lower(hex(randomblob(16) || id))` (34 characters for id 1), and the
 *   header's write-ahead-log mode (bytes 18-19 = 2) that Android 9 and later turn on. A phone
 *   that started on Loop 1.x keeps the tables ActiveAndroid made: `Habits.Id`, not `id`
 *   (`app/.../models/sqlite/records/HabitRecord.java`: `update Habits set Id = ...`; the old
 *   `app/src/main/assets/migrations/17.sql` makes `Score (Id INTEGER PRIMARY KEY ...)`), and
 *   Loop 1.0's had no `archived`, `highlight` or reminder columns (migrations 5, 6, 7, 11).
 * - Table Habit (FriesI23/mhabit): `lib/providers/workflow/habits_file_exporter.dart` writes
 *   `{ "habits": [...], "groups": [...] }`; `lib/models/habit_export.dart` names the fields, leaves
 *   out the null ones (`includeIfNull: false`), stores `freq_custom` and `reminder` as JSON text
 *   (`{"type":3,"time":{"hour":..,"minute":..},"extra":[weekdays 1-7 from Monday]}`), dates as
 *   days since 1970 (negative before), values as any number.
 */

describe.each(await testBackends())('real export files on $kind', ({ kind, skip }) => {
  let app: App
  let smtp: TestServer['smtp']
  let backend: TestServer['backend']
  let users = 0

  beforeAll(async () => {
    if (skip) return
    ;({ smtp, backend, app } = await startTestServer(kind))
  }, 180_000)

  afterAll(async () => {
    if (skip) return
    await stopTestServer({ smtp, backend, app })
  })

  /** A new verified user, so each file is imported into an empty account. */
  const newUser = () => {
    users += 1
    return signUp(app, smtp, `real-${users}-${kind}@example.com`)
  }
  const { upload, get } = transferCalls(() => app)
  /** Each activity by name, with its events as [day, values by attribute name]. */
  const stored = async (user: TestUser) => {
    const activities = await get<Activity[]>(user, '/api/activities')
    const result: Record<string, { activity: Activity; events: [string, unknown[]][] }> = {}
    for (const activity of activities) {
      const events = await get<Event[]>(user, `/api/events?activityId=${activity.id}`)
      result[activity.name] = {
        activity,
        events: events
          .map((event): [string, unknown[]] => [
            event.eventDate.slice(0, 10),
            activity.attributes.map((id) => event.attributes[id]).filter((v) => v !== undefined),
          ])
          .sort((a, b) => a[0].localeCompare(b[0])),
      }
    }
    return result
  }

  describe.skipIf(skip)("Loop's files as Loop writes them", () => {
    it('reads a CSV export of Loop 2.3.1', async () => {
      const user = await newUser()
      const files: Record<string, string> = {
        'Habits.csv': [
          'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?',
          '001,Meditate,YES_NO,Did you meditate this morning?,,1,1,#FF8F00,,,,false',
          '002,Wake up early,YES_NO,Did you wake up before 6am?,"Alarm at 5:45,\nno snooze",2,3,#00897B,,,,false',
          '003,Café: 5 min?,NUMERICAL,How many km?,,1,7,#1976D2,km,AT_LEAST,5.0,true',
          '',
        ].join('\n'),
        '001 Meditate/Checkmarks.csv': 'Date,Value,Notes\n',
        '001 Meditate/Scores.csv': 'Date,Score\n',
        '002 Wake up early/Checkmarks.csv': [
          'Date,Value,Notes',
          '2015-01-25,YES_MANUAL,',
          '2015-01-24,NO,Sick',
          '2015-01-23,YES_AUTO,"Forgot to do it, really"',
          '2015-01-22,YES_MANUAL,"""Vacation"""',
          '2015-01-21,SKIP,',
          '',
        ].join('\n'),
        '002 Wake up early/Scores.csv': 'Date,Score\n2015-01-25,0.1000\n',
        '003 Caf 5 min/Checkmarks.csv': [
          'Date,Value,Notes',
          '2015-01-25,5200,Park run',
          '2015-01-24,NO,',
          '2015-01-23,SKIP,',
          '2015-01-22,UNKNOWN,Rain',
          '',
        ].join('\n'),
        '003 Caf 5 min/Scores.csv': 'Date,Score\n',
        'Checkmarks.csv':
          'Date,Meditate,Wake up early,Café: 5 min?,\n2015-01-25,UNKNOWN,YES_MANUAL,5200,\n',
        'Scores.csv':
          'Date,Meditate,Wake up early,Café: 5 min?,\n2015-01-25,0.0000,0.1000,0.0000,\n',
      }
      const zip = zipSync(
        Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])),
      )
      const response = await upload(user, zip, 'application/zip')
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({
        format: 'loop-csv',
        activities: 3,
        events: 3,
        attributes: 3,
        // Café's target and Wake up early's frequency (issue 48).
        goals: 2,
        groups: 0,
        // Its two skipped days are breaks (issue 49).
        breaks: 2,
        reminders: 0,
        settings: false,
        skipped: expect.arrayContaining([
          { reason: 'Days marked not done', count: 1 },
          { reason: 'Notes on days that were not done', count: 3 },
          { reason: 'Automatic checks Loop computed from the frequency (not done days)', count: 1 },
          { reason: 'Days with an amount of 0 (kept only on at-most habits)', count: 1 },
          { reason: 'Days marked unknown', count: 1 },
        ]),
        notes: ['Wake up early: twice in 3 days became 5 times a week.'],
      })
      const byName = await stored(user)
      expect(Object.keys(byName).sort()).toEqual(['Café: 5 min?', 'Meditate', 'Wake up early'])
      const goals = await get<Goal[]>(user, '/api/goals')
      expect(goals).toContainEqual(
        expect.objectContaining({
          activityId: byName['Wake up early']?.activity.id,
          cadence: 'Weekly',
          target: { kind: 'count', count: 5 },
        }),
      )
      expect(byName['Wake up early']?.events).toEqual([
        ['2015-01-22', ['"Vacation"']],
        ['2015-01-25', []],
      ])
      expect(byName['Wake up early']?.activity.description).toBe(
        'Did you wake up before 6am?\n\nAlarm at 5:45,\nno snooze',
      )
      expect(byName['Café: 5 min?']?.events).toEqual([['2015-01-25', [5.2, 'Park run']]])
      expect(byName.Meditate?.events).toEqual([])
    })

    it('refuses a Loop 2.3.1 export with a broken row in the language asked for, naming the row', async () => {
      const user = await newUser()
      const zip = zipSync({
        'Habits.csv': strToU8(
          [
            'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?',
            '001,Lesen,YES_NO,Hast du gelesen?,,1,1,#FF8F00,,,,false',
            '002,Laufen,YES_NO,Bist du gelaufen?,,3,7,#00897B,,,,false',
            '',
          ].join('\n'),
        ),
        '001 Lesen/Checkmarks.csv': strToU8('Date,Value,Notes\n2015-01-25,YES_MANUAL,\n'),
        // The fourth line was cut in a text editor: its value half gone.
        '002 Laufen/Checkmarks.csv': strToU8(
          [
            'Date,Value,Notes',
            '2015-01-25,YES_MANUAL,',
            '2015-01-24,NO,Regen',
            '2015-01-23,YES_MAN,',
            '2015-01-22,YES_AUTO,',
            '',
          ].join('\n'),
        ),
        'Checkmarks.csv': strToU8('Date,Lesen,Laufen,\n2015-01-25,YES_MANUAL,YES_MANUAL,\n'),
      })
      const refusals = await Promise.all(
        ['de-DE,de;q=0.9', 'ar', undefined].map((language) =>
          upload(user, zip, 'application/zip', language ? { 'accept-language': language } : {}),
        ),
      )
      expect(refusals.map((refusal) => [refusal.statusCode, refusal.json().error])).toEqual([
        [
          400,
          {
            code: 'import-unreadable',
            message: '002 Laufen/Checkmarks.csv, Zeile 4: „YES_MAN“ ist kein Abhak-Wert von Loop.',
          },
        ],
        [
          400,
          {
            code: 'import-unreadable',
            message: '002 Laufen/Checkmarks.csv، السطر 4: «YES_MAN» ليست قيمة تسجيل من Loop.',
          },
        ],
        [
          400,
          {
            code: 'import-unreadable',
            message: '002 Laufen/Checkmarks.csv line 4: "YES_MAN" is not a Loop check value.',
          },
        ],
      ])
      expect(await get<Activity[]>(user, '/api/activities')).toEqual([])
    })

    it.each([15, 21, 25])(
      'reads a backup %i of a phone that started on Loop 1.x, whose Habits key column is Id',
      async (version) => {
        const user = await newUser()
        const file = await buildLoopBackup(
          version,
          [
            {
              name: 'Meditate',
              repetitions: [
                { day: '2016-03-01', value: 2 },
                { day: '2016-03-02', value: 2 },
              ],
            },
            { name: 'Floss', archived: true, repetitions: [{ day: '2016-03-02', value: 2 }] },
          ],
          { createdByActiveAndroid: true },
        )
        const response = await upload(user, file, 'application/octet-stream')
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json()).toEqual({
          format: 'loop-db',
          activities: 2,
          events: 3,
          attributes: 0,
          goals: 0,
          groups: 0,
          reminders: 0,
          settings: false,
          skipped: [],
          notes: [],
        } satisfies ImportSummary)
        const byName = await stored(user)
        expect(byName.Meditate?.events).toEqual([
          ['2016-03-01', []],
          ['2016-03-02', []],
        ])
        expect(byName.Floss?.events).toEqual([['2016-03-02', []]])
      },
    )

    it('reads a backup of Loop 1.0, before migrations 5 to 11 added reminders and archived', async () => {
      const user = await newUser()
      const file = await editLoopBackup(
        await buildLoopBackup(12, [], { createdByActiveAndroid: true }),
        [
          ['drop table Habits'],
          [
            'create table Habits (Id integer primary key autoincrement, name text, description text, freq_num integer, freq_den integer, color integer, position integer)',
          ],
          [
            "insert into Habits (name, description, freq_num, freq_den, color, position) values ('Read', 'Did you read?', 3, 7, -2937041, 0)",
          ],
          ['insert into Repetitions (habit, timestamp) values (1, 1426118400000)'],
          ['pragma user_version = 4'],
        ],
      )
      const response = await upload(user, file, 'application/octet-stream')
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ format: 'loop-db', activities: 1, events: 1 })
      const byName = await stored(user)
      expect(byName.Read?.events).toEqual([['2015-03-12', []]])
      expect(await get<Goal[]>(user, '/api/goals')).toEqual([
        expect.objectContaining({
          activityId: byName.Read?.activity.id,
          cadence: 'Weekly',
          target: { kind: 'count', count: 3 },
        }),
      ])
      expect(byName.Read?.activity).toMatchObject({
        description: 'Did you read?',
        color: '#d32f2f',
        schedule: { type: 'Weekly', days: [] },
      })
    })

    it('reads a backup as Android copies the database file', async () => {
      const user = await newUser()
      const built = await buildLoopBackup(25, [
        {
          name: 'Meditate',
          question: 'Did you meditate?',
          reminder: { hour: 7, minute: 30, days: 127 },
          repetitions: [
            { day: '2023-12-04', value: 2 },
            { day: '2023-12-05', value: 2, notes: 'Calm' },
          ],
        },
        {
          name: 'Run',
          numerical: true,
          unit: 'km',
          targetValue: 5,
          freqDen: 7,
          repetitions: [{ day: '2023-12-05', value: 5200 }],
        },
      ])
      const edited = await editLoopBackup(built, [
        ['create table android_metadata (locale text)'],
        ["insert into android_metadata values ('en_US')"],
        ['alter table Habits add column skip_days integer'],
        ['alter table Habits add column skip_days_list integer'],
        ['update Habits set uuid = lower(hex(randomblob(16) || id)), skip_days = 0'],
        ["insert into Events (timestamp, message, server_id) values (1701734400000, 'x', null)"],
        // Rows stored before schema 25 have no notes: NULL rather than ''.
        ["update Repetitions set notes = null where notes = ''"],
      ])
      const file = new Uint8Array(edited)
      file[18] = 2
      file[19] = 2
      const response = await upload(user, file, 'application/octet-stream')
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ format: 'loop-db', activities: 2, events: 3 })
      const byName = await stored(user)
      expect(byName.Meditate?.events).toEqual([
        ['2023-12-04', []],
        ['2023-12-05', ['Calm']],
      ])
      expect(byName.Run?.events).toEqual([['2023-12-05', [5.2]]])
      const again = await upload(user, file, 'application/octet-stream')
      expect(again.json()).toMatchObject({ activities: 0, events: 0 })
    })
  })

  describe.skipIf(skip)("Table Habit's export as habit_export.dart writes it", () => {
    it('keeps fractional values, days before 1970, groups and the days of a reminder', async () => {
      const user = await newUser()
      const file = {
        habits: [
          {
            create_t: 1700000000,
            modify_t: 1700000100,
            type: 1,
            status: 1,
            name: 'Water',
            desc: 'Drink enough',
            color: 3,
            daily_goal: 2.5,
            daily_goal_unit: 'L',
            freq_type: 3,
            freq_custom: '[1,1]',
            reminder: '{"type":3,"time":{"hour":8,"minute":30},"extra":[1,3,5]}',
            reminder_quest: 'Did you drink?',
            start_date: -10,
            target_days: 66,
            group_id: 'a1b2',
            records: [
              { record_date: -3, record_type: 1, record_value: 1.75, reason: 'hot day' },
              { record_date: 19700, record_type: 2, record_value: 0 },
              { record_date: 19701 },
              { record_date: 19702, record_type: 1, record_value: 3.25 },
            ],
          },
          {
            type: 1,
            status: 1,
            name: 'Stretch',
            daily_goal: 1,
            freq_type: 2,
            freq_custom: '[2]',
            reminder: '{"type":4,"time":{"hour":21,"minute":5},"extra":[1,15]}',
            records: [{ record_date: 19700, record_type: 1, record_value: 1 }],
          },
        ],
        groups: [{ uuid: 'a1b2', name: 'Health', desc: '', icon: 3, color: 2 }],
      }
      const response = await upload(user, JSON.stringify(file), 'application/json')
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({
        format: 'table-habit-json',
        activities: 2,
        events: 3,
        groups: 1,
        breaks: 1,
        skipped: [{ reason: 'Days marked unknown', count: 1 }],
      })
      const byName = await stored(user)
      expect(byName.Water?.events).toEqual([
        ['1969-12-29', [1.75, 'hot day']],
        ['2023-12-11', [3.25]],
      ])
      expect(byName.Water?.activity.description).toBe(
        'Drink enough\n\nDid you drink?\n\nReminder: 08:30 on Mon, Wed, Fri.',
      )
      expect(byName.Stretch?.activity.description).toBe(
        'Reminder: 21:05 on days 1 and 15 of the month.',
      )
      expect(await get<Goal[]>(user, '/api/goals')).toContainEqual(
        expect.objectContaining({
          activityId: byName.Stretch?.activity.id,
          cadence: 'Monthly',
          target: { kind: 'count', count: 2 },
        }),
      )
      const groups = await get<Group[]>(user, '/api/groups')
      expect(groups).toEqual([
        expect.objectContaining({ name: 'Health', activities: [byName.Water?.activity.id] }),
      ])
    })
  })

  describe.skipIf(skip)('HabitBull CSV as other trackers write it', () => {
    it('finds the columns by their names when a writer adds one before the date', async () => {
      const user = await newUser()
      const csv = [
        'HabitName,HabitDescription,HabitCategory,DateNumber,Date,Value,CommentText',
        'Read,Books,Learning,1,2024-01-01,1,',
        'Read,Books,Learning,2,2024-01-02,1,"chapter 3, at last"',
        'Run,,Health,1,2024-01-01,5,',
        'Run,,Health,3,2024-01-03,0,',
        '',
      ].join('\n')
      const response = await upload(user, csv, 'text/csv')
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({
        format: 'habitbull-csv',
        activities: 2,
        events: 3,
      } satisfies Partial<ImportSummary>)
      const byName = await stored(user)
      expect(byName.Read?.events).toEqual([
        ['2024-01-01', []],
        ['2024-01-02', ['chapter 3, at last']],
      ])
      expect(byName.Read?.activity.description).toBe('Books')
      expect(byName.Run?.events).toEqual([['2024-01-01', [5]]])
      const groups = await get<Group[]>(user, '/api/groups')
      expect(groups.map((group) => group.name).sort()).toEqual(['Health', 'Learning'])
    })

    it('reads a Notes column and year-first dates without their zeros', async () => {
      const user = await newUser()
      const csv = [
        'HabitName,HabitDescription,HabitCategory,Date,Value,Notes',
        'Walk,,,2017-9-3,1,Park',
        'Walk,,,2017/9/4,1,',
        'Walk,,,2017.09.05,1,',
        '',
      ].join('\r\n')
      const response = await upload(user, csv, 'text/csv')
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ format: 'habitbull-csv', events: 3 })
      expect((await stored(user)).Walk?.events).toEqual([
        ['2017-09-03', ['Park']],
        ['2017-09-04', []],
        ['2017-09-05', []],
      ])
    })
  })
})
