import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { english } from '../i18n/message'
import {
  buildHabitBullCsv,
  buildKindlingBackup,
  buildLoopBackup,
  buildLoopCsvZip,
  buildTableHabitJson,
  editLoopBackup,
  epochDay,
  type FixtureHabit,
} from '../test/import-fixtures'
import { LOOP_PALETTE } from './loop'
import type { ImportPlan, PlannedActivity } from './plan'
import { readImport } from './read-import'

const SAT = 1
const MON = 4
const WED = 16

/** Five habits that use every part of Loop's model. */
const HABITS: FixtureHabit[] = [
  {
    name: 'Meditate',
    question: 'Did you meditate today?',
    description: 'Ten minutes, in the morning.',
    color: 8,
    reminder: { hour: 7, minute: 30, days: 127 },
    uuid: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
    repetitions: [
      { day: '2020-03-01', value: 2 },
      { day: '2020-03-02', value: 3 },
      { day: '2020-03-03', value: 0 },
      { day: '2020-03-04', value: 1 },
      { day: '2020-03-05', value: -1 },
      { day: '2020-03-06', value: 2, notes: 'Felt calm' },
      { day: '2020-03-07', value: 0, notes: 'Sick' },
    ],
  },
  {
    name: 'Run',
    numerical: true,
    unit: 'km',
    targetType: 0,
    targetValue: 5,
    freqDen: 7,
    color: 4,
    repetitions: [
      { day: '2020-03-01', value: 5200 },
      { day: '2020-03-03', value: 0 },
      { day: '2020-03-04', value: 3 },
      { day: '2020-03-08', value: 10000, notes: 'Park run' },
    ],
  },
  {
    name: 'Coffee',
    numerical: true,
    unit: 'cups',
    targetType: 1,
    targetValue: 2,
    color: 0,
    repetitions: [
      { day: '2020-03-01', value: 0 },
      { day: '2020-03-02', value: 3000 },
      { day: '2020-03-03', value: 1500 },
    ],
  },
  {
    name: 'Read a book before going to sleep',
    freqNum: 3,
    freqDen: 7,
    color: 13,
    reminder: { hour: 21, minute: 0, days: MON | WED },
    repetitions: [
      { day: '2020-03-01', value: 2 },
      { day: '2020-03-02', value: 2 },
    ],
  },
  {
    name: 'Floss',
    freqNum: 2,
    freqDen: 10,
    archived: true,
    color: 19,
    reminder: { hour: 22, minute: 5, days: SAT },
    repetitions: [{ day: '2020-03-01', value: 2 }],
  },
]

const byName = (plan: ImportPlan, name: string) => {
  const activity = plan.activities.find((candidate) => candidate.name === name)
  if (!activity) throw new Error(`no activity ${name}`)
  return activity
}
const days = (activity: PlannedActivity) => activity.events.map((event) => event.eventDate)
const amounts = (activity: PlannedActivity) => activity.events.map((event) => event.values.amount)
const skips = (plan: ImportPlan) =>
  Object.fromEntries(plan.skipped.list().map(({ reason, count }) => [reason, count]))

const noon = (day: string) => `${day}T12:00:00.000Z`

describe.each([12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25])(
  "Loop Habit Tracker's backup, schema %i",
  (version) => {
    const read = async () => readImport(await buildLoopBackup(version, HABITS))

    it('maps each habit to an activity in Loop order, with its colour and schedule', async () => {
      const plan = await read()
      expect(plan.format).toBe('loop-db')
      expect(plan.activities.map((activity) => activity.name)).toEqual([
        'Meditate',
        'Run',
        'Coffee',
        'Read a book before…',
        'Floss',
      ])
      expect(plan.activities.map((activity) => activity.color)).toEqual(
        [8, 4, 0, 13, 19].map((index) => LOOP_PALETTE[index]),
      )
      expect(byName(plan, 'Meditate').schedule).toEqual({ type: 'Daily' })
      expect(byName(plan, 'Read a book before…').schedule).toEqual({ type: 'Weekly', days: [] })
      // Twice in 10 days is kept as the nearest weekly count, and the summary says so.
      expect(byName(plan, 'Floss').schedule).toEqual({ type: 'Weekly', days: [] })
      expect(plan.notes?.map((note) => english(note))).toEqual([
        'Floss: twice in 10 days became once a week.',
      ])
    })

    it('keeps the full name, question and description; the frequency and reminder are real', async () => {
      const plan = await read()
      expect(byName(plan, 'Meditate').description).toBe(
        version >= 23
          ? 'Did you meditate today?\n\nTen minutes, in the morning.'
          : 'Did you meditate today?',
      )
      expect(byName(plan, 'Read a book before…').description).toBe(
        'Read a book before going to sleep',
      )
      expect(byName(plan, 'Floss').description).toBe('')
      expect(byName(plan, 'Read a book before…').goals).toEqual([
        { key: 'frequency', cadence: 'Weekly', target: { kind: 'count', count: 3 } },
      ])
      expect(byName(plan, 'Floss').goals).toEqual([])
      expect(byName(plan, 'Meditate').reminders).toEqual([
        { key: 'loop-reminder', time: '07:30', days: [0, 1, 2, 3, 4, 5, 6] },
      ])
      expect(byName(plan, 'Read a book before…').reminders).toEqual([
        { key: 'loop-reminder', time: '21:00', days: [1, 3] },
      ])
      expect(byName(plan, 'Floss').reminders).toEqual([
        { key: 'loop-reminder', time: '22:05', days: [6] },
      ])
    })

    it('makes each done day one event at noon UTC of that day, and counts the rest', async () => {
      const plan = await read()
      expect(days(byName(plan, 'Meditate'))).toEqual([noon('2020-03-01'), noon('2020-03-06')])
      expect(days(byName(plan, 'Read a book before…'))).toEqual([
        noon('2020-03-01'),
        noon('2020-03-02'),
      ])
      if (version >= 16) {
        // Skipped days are breaks (issue 49), not counted as left out.
        expect(byName(plan, 'Meditate').breaks).toEqual([{ from: '2020-03-02', to: '2020-03-02' }])
        expect(skips(plan)['Skipped days (a skip is not an event)']).toBeUndefined()
        expect(skips(plan)).toMatchObject({
          'Days marked not done': 2,
          'Automatic checks Loop computed from the frequency (not done days)': 1,
          'Days marked unknown': 1,
        })
      } else {
        // Before 16 a repetition was a check: there is nothing else to count.
        expect(skips(plan)).toEqual({})
      }
    })

    it('turns numerical habits into a number attribute, their amounts and a goal', async () => {
      const plan = await read()
      const run = byName(plan, 'Run')
      const coffee = byName(plan, 'Coffee')
      if (version < 16) {
        expect(run.attributes).toEqual([])
        expect(run.events).toEqual([])
        return
      }
      expect(run.attributes[0]?.fields).toMatchObject({
        type: 'number',
        name: version >= 18 ? 'km' : 'Value',
        valueType: 'decimal',
      })
      expect(amounts(run)).toEqual([5.2, 10])
      expect(days(run)).toEqual([noon('2020-03-01'), noon('2020-03-08')])
      if (version >= 18) {
        expect(run.goals).toEqual([
          {
            key: 'target',
            cadence: 'Weekly',
            target: { kind: 'amount', attributeKey: 'amount', comparison: 'atLeast', value: 5 },
          },
        ])
        expect(coffee.goals[0]).toMatchObject({
          cadence: 'Daily',
          target: { comparison: 'atMost', value: 2 },
        })
        // Zero cups is a success of an at-most habit: it is kept.
        expect(amounts(coffee)).toEqual([0, 3, 1.5])
      } else {
        expect(run.goals).toEqual([])
        expect(amounts(coffee)).toEqual([3, 1.5])
      }
    })

    it('puts notes in a Notes attribute (schema 25) and counts notes of days not done', async () => {
      const plan = await read()
      const meditate = byName(plan, 'Meditate')
      if (version < 25) {
        expect(meditate.attributes).toEqual([])
        return
      }
      expect(meditate.attributes.map((attribute) => attribute.fields)).toEqual([
        { type: 'text', name: 'Notes', description: '', required: false },
      ])
      expect(meditate.events[1]?.values).toEqual({ notes: 'Felt calm' })
      expect(byName(plan, 'Run').events[1]?.values).toEqual({ amount: 10, notes: 'Park run' })
      expect(skips(plan)['Notes on days that were not done']).toBe(1)
    })

    it('archives archived habits, in no group, and keys habits by uuid, then name', async () => {
      const plan = await read()
      expect(plan.groups).toEqual([])
      expect(byName(plan, 'Floss').archived).toBe(true)
      expect(byName(plan, 'Meditate').archived).toBe(false)
      expect(byName(plan, 'Meditate').groupKey).toBeUndefined()
      expect(byName(plan, 'Meditate').keys).toEqual(
        version >= 24
          ? ['uuid:0a1b2c3d4e5f60718293a4b5c6d7e8f9', 'name:Meditate']
          : ['name:Meditate'],
      )
    })
  },
)

describe("Loop's backup: timestamps and odd rows", () => {
  it('reads timestamps as UTC days whatever the server zone', async () => {
    const habit: FixtureHabit = {
      name: 'Late',
      repetitions: [
        { day: '2019-12-31', value: 2 },
        { day: '2020-01-01', value: 2 },
      ],
    }
    const plan = await readImport(await buildLoopBackup(25, [habit]))
    expect(days(plan.activities[0] as PlannedActivity)).toEqual([
      noon('2019-12-31'),
      noon('2020-01-01'),
    ])
  })

  it('keeps two habits of the same name apart and counts duplicate days of old schemas', async () => {
    const twice = { name: 'Walk', repetitions: [{ day: '2020-01-01', value: 2 }] }
    const bytes = await buildLoopBackup(21, [
      twice,
      { ...twice, repetitions: [...twice.repetitions, { day: '2020-01-01', value: 2 }] },
    ])
    const plan = await readImport(bytes)
    expect(plan.activities.map((activity) => activity.keys)).toEqual([
      ['name:Walk'],
      ['name:Walk#2'],
    ])
    expect(skips(plan)['Duplicate entries for the same habit and day in the file']).toBe(1)
  })

  it('counts check-ins it cannot place, and names a habit without a name for what it is', async () => {
    const walk = { name: 'Walk', repetitions: [{ day: '2020-01-01', value: 2 }] }
    const at = Date.parse('2020-01-02T00:00:00Z')
    const bytes = await editLoopBackup(
      await buildLoopBackup(25, [walk, { ...walk, name: 'Gone', uuid: 'f'.repeat(32) }, walk]),
      [
        ["update Habits set name = null where name = 'Gone'"],
        [
          'insert into Repetitions (habit, timestamp, value) values (99, ?, 2), (99, ?, 3)',
          [at, at + 86_400_000],
        ],
        ["insert into Repetitions (habit, timestamp, value) values (1, 'yesterday', 2)"],
      ],
    )
    const plan = await readImport(bytes)
    expect(plan.activities.map((activity) => [activity.name, activity.keys])).toEqual([
      ['Walk', ['uuid:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa0', 'name:Walk']],
      ['Unnamed habit 2', [`uuid:${'f'.repeat(32)}`, 'unnamed:2']],
      ['Walk', ['uuid:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2', 'name:Walk#2']],
    ])
    const nameless = plan.activities[1] as PlannedActivity
    expect(nameless.description).toBe(
      'This habit has no name in the Loop file (habit 2 of its list).',
    )
    expect(days(nameless)).toEqual([noon('2020-01-01')])
    expect(skips(plan)).toEqual({
      'Check-ins of habits missing from the backup': 2,
      'Check-ins without a date': 1,
    })
  })
})

describe("Loop's CSV export", () => {
  it.each(['ints', 'labels'] as const)('reads Loop 2 (%s) like the backup', async (generation) => {
    const plan = await readImport(buildLoopCsvZip(generation, HABITS))
    expect(plan.format).toBe('loop-csv')
    expect(plan.activities.map((activity) => activity.name)).toEqual([
      'Meditate',
      'Run',
      'Coffee',
      'Read a book before…',
      'Floss',
    ])
    expect(plan.activities.map((activity) => activity.color)).toEqual(
      [8, 4, 0, 13, 19].map((index) => LOOP_PALETTE[index]),
    )
    expect(days(byName(plan, 'Meditate'))).toEqual([noon('2020-03-01'), noon('2020-03-06')])
    expect(byName(plan, 'Meditate').description).toBe(
      'Did you meditate today?\n\nTen minutes, in the morning.',
    )
    expect(amounts(byName(plan, 'Run'))).toEqual([5.2, 10])
    expect(amounts(byName(plan, 'Coffee'))).toEqual([0, 3, 1.5])
    expect(byName(plan, 'Run').goals[0]).toMatchObject({
      cadence: 'Weekly',
      target: { comparison: 'atLeast', value: 5 },
    })
    expect(byName(plan, 'Floss').archived).toBe(true)
    expect(byName(plan, 'Meditate').breaks).toEqual([{ from: '2020-03-02', to: '2020-03-02' }])
    expect(skips(plan)).toMatchObject({
      'Days marked not done': 2,
      'Automatic checks Loop computed from the frequency (not done days)': 1,
      'Days marked unknown': 1,
      'Days with an amount of 0 (kept only on at-most habits)': 1,
    })
    const notes = byName(plan, 'Meditate').events[1]?.values.notes
    expect(notes).toBe(generation === 'labels' ? 'Felt calm' : undefined)
  })

  it('reads Loop 1, whose checkmark files fill every day, without inventing events', async () => {
    const plan = await readImport(buildLoopCsvZip('loop1', HABITS, { today: '2020-03-10' }))
    expect(days(byName(plan, 'Meditate'))).toEqual([noon('2020-03-01'), noon('2020-03-06')])
    expect(days(byName(plan, 'Floss'))).toEqual([noon('2020-03-01')])
    // No Type column: amounts above the check values say the habit is numerical.
    expect(amounts(byName(plan, 'Run'))).toEqual([5.2, 10])
    expect(amounts(byName(plan, 'Coffee'))).toEqual([3, 1.5])
    expect(byName(plan, 'Run').attributes[0]?.fields.name).toBe('Value')
    expect(byName(plan, 'Meditate').description).toBe('Did you meditate today?')
    // The zeros filling the days between checks are no one's answer: not counted.
    expect(skips(plan)).toEqual({
      'Automatic checks Loop computed from the frequency (not done days)': 1,
      'Days marked unknown': 1,
    })
  })

  it('reads Loop 2.0 to 2.2 (a Question column, no Type): its zeros were typed', async () => {
    const plan = await readImport(buildLoopCsvZip('loop20', HABITS))
    expect(byName(plan, 'Meditate').description).toBe(
      'Did you meditate today?\n\nTen minutes, in the morning.',
    )
    expect(days(byName(plan, 'Meditate'))).toEqual([noon('2020-03-01'), noon('2020-03-06')])
    expect(amounts(byName(plan, 'Run'))).toEqual([5.2, 10])
    expect(skips(plan)).toMatchObject({
      'Days marked not done': 2,
      'Days with an amount of 0 (kept only on at-most habits)': 2,
    })
  })

  it.each(['loop1', 'loop20'] as const)(
    'reads %s as a phone in Arabic wrote it, its own digits in positions, folders and values',
    async (generation) => {
      const plan = await readImport(
        buildLoopCsvZip(generation, HABITS, { today: '2020-03-10', arabicDigits: true }),
      )
      expect(plan.activities).toHaveLength(HABITS.length)
      expect(days(byName(plan, 'Meditate'))).toEqual([noon('2020-03-01'), noon('2020-03-06')])
      expect(amounts(byName(plan, 'Run'))).toEqual([5.2, 10])
      expect(byName(plan, 'Run').schedule).toMatchObject({ type: 'Weekly' })
    },
  )

  it("reads an export of one habit's screen: that habit, the others listed only", async () => {
    const plan = await readImport(buildLoopCsvZip('labels', HABITS, { selected: [1] }))
    expect(plan.activities.map((activity) => activity.name)).toEqual(['Run'])
    expect(amounts(byName(plan, 'Run'))).toEqual([5.2, 10])
    expect(plan.groups).toEqual([])
    expect(skips(plan)).toMatchObject({
      'Habits listed in Habits.csv but not exported with it (a one-habit export)': 4,
    })
    // Loop 2.0 wrote the wide file's cells as `Entry(timestamp=..., value=...)`: the folder is
    // what counts.
    const files = unzipSync(buildLoopCsvZip('loop20', HABITS, { selected: [1] }))
    files['Checkmarks.csv'] = strToU8(
      'Date,Run,\n2020-03-08,"Entry(timestamp=2020-03-08, value=10000)",\n',
    )
    const older = await readImport(zipSync(files))
    expect(older.activities.map((activity) => activity.name)).toEqual(['Run'])
    expect(amounts(byName(older, 'Run'))).toEqual([5.2, 10])
  })

  it('finds folders by their position even when the name lost characters', async () => {
    const habit: FixtureHabit = {
      name: 'Café & crème: 5 min?',
      repetitions: [{ day: '2021-05-01', value: 2 }],
    }
    const plan = await readImport(buildLoopCsvZip('labels', [HABITS[0] as FixtureHabit, habit]))
    expect(days(byName(plan, 'Café & crème: 5 min?'))).toEqual([noon('2021-05-01')])
  })

  it('falls back to the wide Checkmarks.csv for a habit without a folder', async () => {
    const plan = await readImport(buildLoopCsvZip('ints', HABITS, { omitFolders: [3] }))
    expect(days(byName(plan, 'Read a book before…'))).toEqual([
      noon('2020-03-01'),
      noon('2020-03-02'),
    ])
  })
})

describe('HabitBull CSV', () => {
  it('maps habits, categories, amounts and comments', async () => {
    const csv = buildHabitBullCsv([
      { name: 'Pushups', category: 'Fitness', day: '2022-01-01', value: 20, comment: 'easy' },
      { name: 'Pushups', category: 'Fitness', day: '2022-01-02', value: 0 },
      { name: 'Pushups', category: 'Fitness', day: '2022-01-03', value: 35.5 },
      { name: 'Journal', description: 'Write, even a line', day: '2022-01-01', value: 1 },
      { name: 'Journal', day: '2022-01-02', value: 0, comment: 'tired' },
      { name: 'Journal', day: '2022-01-02', value: 1 },
    ])
    const plan = await readImport(strToU8(csv))
    expect(plan.format).toBe('habitbull-csv')
    expect(plan.groups.map((group) => group.name)).toEqual(['Fitness'])
    const pushups = byName(plan, 'Pushups')
    expect(pushups.groupKey).toBe(plan.groups[0]?.key)
    expect(pushups.attributes.map((attribute) => attribute.fields.name)).toEqual(['Value', 'Notes'])
    expect(pushups.events.map((event) => event.values)).toEqual([
      { amount: 20, notes: 'easy' },
      { amount: 35.5 },
    ])
    const journal = byName(plan, 'Journal')
    expect(journal.attributes).toEqual([])
    expect(journal.description).toBe('Write, even a line')
    expect(days(journal)).toEqual([noon('2022-01-01')])
    expect(skips(plan)).toEqual({
      'Days marked not done': 2,
      'Notes on days that were not done': 1,
      'Duplicate entries for the same habit and day in the file': 1,
    })
  })

  it("reads HabitBull's own dates, month first, and its mark of a day without an answer", async () => {
    const csv = buildHabitBullCsv([
      { name: 'Floss', day: '11/5/2020', value: 1 },
      { name: 'Floss', day: '11/6/2020', value: -2150000000 },
      { name: 'Floss', day: '12/31/2020', value: 1 },
    ])
    const plan = await readImport(strToU8(csv))
    const floss = byName(plan, 'Floss')
    expect(floss.attributes).toEqual([])
    expect(days(floss)).toEqual([noon('2020-11-05'), noon('2020-12-31')])
    expect(skips(plan)).toEqual({ 'Days marked unknown': 1 })
  })

  it('reads a row without a value as a day without an answer, and refuses a value that is not a number', async () => {
    const header = 'HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText'
    const csv = [
      header,
      'Floss,,,2020-11-05,1,',
      'Floss,,,2020-11-06,,',
      'Floss,,,2020-11-07, ,',
    ].join('\n')
    const plan = await readImport(strToU8(csv))
    expect(days(byName(plan, 'Floss'))).toEqual([noon('2020-11-05')])
    expect(skips(plan)).toEqual({ 'Days marked unknown': 2 })

    // A file cut after the comma before a value.
    await expect(
      readImport(strToU8(`${header}\nFloss,,,2020-11-05,1,\nFloss,,,2020-11-06,`)),
    ).rejects.toThrow('HabitBull CSV line 3 ends before its value: the file looks cut short.')
    await expect(readImport(strToU8(`${header}\nFloss,,,2020-11-05,yes,`))).rejects.toThrow(
      'HabitBull CSV line 2: the value "yes" is not a number.',
    )
  })

  it('reads dates day first when a first number above 12 says the phone wrote them so', async () => {
    const csv = buildHabitBullCsv([
      { name: 'Floss', day: '5/11/2020', value: 1 },
      { name: 'Floss', day: '31/12/20', value: 1 },
    ])
    expect(days(byName(await readImport(strToU8(csv)), 'Floss'))).toEqual([
      noon('2020-11-05'),
      noon('2020-12-31'),
    ])
  })
})

describe("Table Habit's JSON export", () => {
  const file = {
    habits: [
      {
        name: 'Water',
        desc: 'Glasses a day',
        type: 1,
        status: 1,
        color: 5,
        daily_goal: 8,
        daily_goal_unit: 'glasses',
        freq_type: 3,
        freq_custom: '[1,1]',
        reminder: '{"type":2,"time":"09:15","extra":[]}',
        records: [
          { record_date: epochDay('2023-02-01'), record_type: 1, record_value: 8 },
          { record_date: epochDay('2023-02-02'), record_type: 1, record_value: 5, reason: 'busy' },
          { record_date: epochDay('2023-02-03'), record_type: 2, record_value: 0 },
          { record_date: epochDay('2023-02-04'), record_type: 0, record_value: 0, reason: '?' },
        ],
      },
      {
        name: 'No sugar',
        type: 2,
        status: 3,
        color: 2,
        daily_goal: 0,
        daily_goal_extra: 1,
        freq_type: 1,
        freq_custom: '[5]',
        records: [{ record_date: epochDay('2023-02-01'), record_type: 1, record_value: 0 }],
      },
      { name: 'Old', status: 2, records: [] },
      {
        // As Table Habit writes a yes/no habit: a tap gives done (the goal, 1), a second one
        // "zero" (done with the value 0), a third a skip, the only record a reason is kept on.
        name: 'Meditate',
        type: 1,
        status: 1,
        daily_goal: 1.0,
        freq_type: 3,
        freq_custom: '[1,1]',
        reminder: '{"type":2,"time":{"hour":7,"minute":30},"extra":[]}',
        records: [
          { record_date: epochDay('2023-03-01'), record_type: 1, record_value: 1.0 },
          { record_date: epochDay('2023-03-02'), record_type: 1, record_value: 0.0 },
          { record_date: epochDay('2023-03-03'), record_type: 2, record_value: 0.0, reason: 'ill' },
        ],
      },
      {
        name: 'Stretch',
        status: 1,
        daily_goal: 1,
        freq_type: 2,
        freq_custom: '[1]',
        records: [{ record_date: epochDay('2023-02-05'), record_type: 1, record_value: 1 }],
      },
    ],
  }

  it('maps habits, daily goals, records and reasons', async () => {
    const plan = await readImport(strToU8(JSON.stringify(file)))
    expect(plan.format).toBe('table-habit-json')
    expect(plan.activities.map((activity) => activity.name)).toEqual([
      'Water',
      'No sugar',
      'Meditate',
      'Stretch',
    ])
    const water = byName(plan, 'Water')
    expect(water.color).toBe('#009688')
    expect(water.schedule).toEqual({ type: 'Daily' })
    expect(water.description).toBe('Glasses a day\n\nReminder: 09:15 every day.')
    expect(water.attributes.map((attribute) => attribute.fields.name)).toEqual(['glasses', 'Notes'])
    expect(water.events.map((event) => [event.eventDate, event.values])).toEqual([
      [noon('2023-02-01'), { amount: 8 }],
      [noon('2023-02-02'), { amount: 5, notes: 'busy' }],
    ])
    expect(water.goals[0]).toMatchObject({
      cadence: 'Daily',
      target: { comparison: 'atLeast', value: 8 },
    })
    const sugar = byName(plan, 'No sugar')
    expect(sugar.archived).toBe(true)
    expect(sugar.schedule).toEqual({ type: 'Weekly', days: [] })
    expect(sugar.description).toBe('')
    expect(sugar.goals[0]?.target).toMatchObject({ comparison: 'atMost', value: 1 })
    expect(sugar.goals[1]).toEqual({
      key: 'frequency',
      cadence: 'Weekly',
      target: { kind: 'count', count: 5 },
    })
    expect(amounts(sugar)).toEqual([0])
    const meditate = byName(plan, 'Meditate')
    expect(meditate.attributes).toEqual([])
    expect(meditate.goals).toEqual([])
    expect(meditate.events.map((event) => [event.eventDate, event.values])).toEqual([
      [noon('2023-03-01'), {}],
    ])
    expect(meditate.description).toBe('Reminder: 07:30 every day.')
    const stretch = byName(plan, 'Stretch')
    expect(stretch.schedule).toEqual({ type: 'Monthly', dayOfMonth: 1 })
    expect(stretch.attributes).toEqual([])
    expect(days(stretch)).toEqual([noon('2023-02-05')])
    expect(plan.groups).toEqual([])
    expect(skips(plan)).toEqual({
      'Days marked unknown': 1,
      'Days with an amount of 0 (kept only on at-most habits)': 1,
      'Notes on days that were not done': 2,
      'Habits deleted in the other app': 1,
    })
  })

  it('also reads the older bare list of habits', async () => {
    const plan = await readImport(strToU8(JSON.stringify(file.habits)))
    expect(plan.activities).toHaveLength(4)
  })
})

describe('files that cannot be read', () => {
  const message = async (bytes: Uint8Array) => {
    try {
      await readImport(bytes)
    } catch (error) {
      expect((error as { status: number }).status).toBe(400)
      return (error as Error).message
    }
    throw new Error('read without an error')
  }

  it('says what is wrong with each', async () => {
    const backup = await buildLoopBackup(25, HABITS)
    expect(await message(new Uint8Array())).toMatch(/^The file is empty/)
    expect(await message(backup.slice(0, 3000))).toMatch(/cannot be read .*damaged or cut short/)
    const zip = buildLoopCsvZip('labels', HABITS)
    expect(await message(zip.slice(0, zip.length - 200))).toMatch(/zip file cannot be read/)
    expect(await message(zipSync({ 'notes.txt': strToU8('hello') }))).toMatch(/no Habits.csv/)
    expect(await message(strToU8('{"habits": [{"name": "Wat'))).toMatch(/JSON cannot be read/)
    expect(await message(strToU8('{"hello": 1}'))).toMatch(
      /neither a Kindling backup nor a Table Habit/,
    )
    expect(await message(strToU8('Date,Steps\n2020-01-01,5000\n'))).toMatch(
      /not one Kindling imports/,
    )
    expect(await message(new Uint8Array([0xff, 0xfe, 0x00, 0x01]))).toMatch(
      /neither a known database/,
    )
    expect(
      await message(strToU8(buildHabitBullCsv([{ name: 'A', day: '2020-02-30', value: 1 }]))),
    ).toMatch(/line 2: "2020-02-30" is not a date/)
    const wrongCheck = zipSync({
      'Habits.csv': strToU8('Position,Name\n001,Walk\n'),
      '001 Walk/Checkmarks.csv': strToU8('2020-01-01,MAYBE\n'),
    })
    expect(await message(wrongCheck)).toMatch(/"MAYBE" is not a Loop check value/)
  })

  it('refuses a SQLite file that is not a Loop backup', async () => {
    const { loadSqlJs } = await import('./loop-db')
    const SQL = await loadSqlJs()
    const db = new SQL.Database()
    db.run('create table notes (id integer)')
    expect(await message(db.export())).toMatch(/not a Loop Habit Tracker backup/)
  })

  it('refuses dates outside the years Kindling keeps in every format, saying where', async () => {
    const range = /out of range: Kindling keeps dates from 0001-01-02 to 9999-12-31/
    const walk = (day: string): FixtureHabit[] => [
      {
        name: 'Walk',
        repetitions: [
          { day: '2020-01-01', value: 2 },
          { day, value: 2 },
        ],
      },
    ]
    const habitBull = (day: string) => strToU8(buildHabitBullCsv([{ name: 'Walk', day, value: 1 }]))
    expect(await message(habitBull('0000-01-01'))).toMatch(
      /^HabitBull CSV line 2: the date "0000-01-01"/,
    )
    expect(await message(habitBull('1/1/0000'))).toMatch(
      /line 2: the date "1\/1\/0000" \(0000-01-01\)/,
    )
    expect(await message(habitBull('0001-01-01'))).toMatch(range)
    expect(await message(await buildLoopBackup(25, walk('0000-01-01')))).toMatch(
      /check-in of the habit "Walk" has the timestamp -62167219200000 \(0000-01-01\), out of range/,
    )
    expect(await message(buildLoopCsvZip('labels', walk('0000-01-01')))).toMatch(
      /001 Walk\/Checkmarks.csv line \d: the date "0000-01-01" is out of range/,
    )
    const backup = (eventDate: string) => strToU8(buildKindlingBackup({ events: [{ eventDate }] }))
    // A backup's event is read by core's schema, which takes no year 0 either.
    expect(await message(backup('0000-01-01'))).toMatch(
      /^events\[0\]\.eventDate: Must be a date-time .*from the year 1 on/,
    )
    expect(await message(backup('0000-12-31T23:00:00Z'))).toMatch(/events\[0\]\.eventDate/)
    for (const recordDate of [1e15, -800_000, epochDay('0000-06-01')]) {
      expect(await message(strToU8(buildTableHabitJson({ records: [{ recordDate }] })))).toMatch(
        new RegExp(`record 1 of "Water" has the record_date ${recordDate} .*out of range`),
      )
    }
    // The last and first days of the range are read.
    for (const day of ['0001-01-02', '9999-12-31']) {
      const plan = await readImport(await buildLoopBackup(25, walk(day)))
      expect(days(byName(plan, 'Walk'))).toContain(noon(day))
      expect(days(byName(await readImport(habitBull(day)), 'Walk'))).toEqual([noon(day)])
    }
  })

  it('refuses text the database cannot store (NUL, unpaired surrogates), naming the habit and field', async () => {
    const cannot = /Kindling cannot store such text: correct it in the app the file comes from/
    const walk = (name: string, notes = ''): FixtureHabit[] => [
      { name, repetitions: [{ day: '2020-01-01', value: 2, notes }] },
    ]
    const cases: [Uint8Array, RegExp][] = [
      [
        strToU8(buildKindlingBackup({ name: 'Wa\u0000lk', events: [] })),
        /^Activity 1 \("Walk"\), its name: must not contain NUL characters\./,
      ],
      [
        strToU8(
          buildKindlingBackup({
            events: [{ eventDate: '2020-01-01T08:00:00.000Z', note: 'so\u0000' }],
          }),
        ),
        /^Activity 1 \("Walk"\), its event of 2020-01-01T08:00:00.000Z: must not contain NUL/,
      ],
      [
        strToU8(buildHabitBullCsv([{ name: 'Wa\u0000lk', day: '2020-01-01', value: 1 }])),
        /^Habit 1 \("Walk"\), its name: must not contain NUL characters/,
      ],
      [
        strToU8(buildTableHabitJson({ name: 'Wa\u0000lk', records: [] })),
        /^Habit 1 \("Walk"\), its name: must not contain NUL/,
      ],
      [
        strToU8(
          buildTableHabitJson({
            records: [{ recordDate: epochDay('2020-01-01'), reason: '\ud800' }],
          }),
        ),
        /^Habit 1 \("Water"\), its event of 2020-01-01: must be valid Unicode text/,
      ],
      [
        await buildLoopBackup(25, walk('Wa\u0000lk')),
        /^Habit 1 \("Walk"\), its name: must not contain NUL/,
      ],
      [
        await buildLoopBackup(25, walk('Walk', 'Felt\u0000 fine')),
        /^Habit 1 \("Walk"\), its event of 2020-01-01: must not contain NUL/,
      ],
      [
        buildLoopCsvZip('labels', walk('Walk', 'Felt\u0000 fine')),
        /^Habit 1 \("Walk"\), its event of 2020-01-01: must not contain NUL/,
      ],
    ]
    for (const [file, expected] of cases) {
      const text = await message(file)
      expect(text).toMatch(expected)
      expect(text).toMatch(cannot)
      expect(text).not.toContain('\u0000')
    }
  })
})
