import { afterAll, describe, expect, it } from 'vitest'
import { activateLanguage } from '../../../lib/i18n'
import { describeImport } from './describe-summary'

describe('describeImport', () => {
  it('names the format, what was added and what was left out', () => {
    expect(
      describeImport({
        format: 'loop-db',
        activities: 3,
        events: 1250,
        attributes: 2,
        goals: 1,
        groups: 0,
        reminders: 0,
        settings: false,
        skipped: [{ reason: 'Skipped days (a skip is not an event)', count: 12 }],
        notes: ['Swim: every 2 days became 4 times a week.'],
      }),
    ).toEqual({
      title: 'Imported a Loop Habit Tracker backup',
      added: 'Added 3 habits, 1,250 events, 2 attributes and 1 goal.',
      skipped: ['Skipped days (a skip is not an event): 12'],
      notes: ['Swim: every 2 days became 4 times a week.'],
    })
  })

  it('says when nothing was new, and joins one or two items plainly', () => {
    const none = {
      activities: 0,
      events: 0,
      attributes: 0,
      goals: 0,
      groups: 0,
      reminders: 0,
      settings: false,
      skipped: [],
      notes: [],
    }
    expect(describeImport({ ...none, format: 'kindling-json' }).added).toBe(
      'Nothing new: everything in this file is already in Kindling.',
    )
    expect(describeImport({ ...none, format: 'habitbull-csv', events: 1 }).added).toBe(
      'Added 1 event.',
    )
    expect(describeImport({ ...none, format: 'loop-csv', events: 2, groups: 1 })).toMatchObject({
      title: 'Imported a Loop Habit Tracker CSV export',
      added: 'Added 2 events and 1 group.',
    })
    expect(describeImport({ ...none, format: 'table-habit-json' }).title).toBe(
      'Imported a Table Habit export',
    )
  })

  it('names the reminders and says when the settings came from a Kindling backup', () => {
    const summary = {
      format: 'kindling-json' as const,
      activities: 2,
      events: 0,
      attributes: 0,
      goals: 0,
      groups: 0,
      reminders: 3,
      settings: true,
      skipped: [],
      notes: [],
    }
    expect(describeImport(summary).added).toBe(
      "Added 2 habits and 3 reminders. Your time zone, e-mail reminders and pause are now the backup's.",
    )
    expect(describeImport({ ...summary, activities: 0, reminders: 0 }).added).toBe(
      "Your time zone, e-mail reminders and pause are now the backup's.",
    )
  })

  describe('in the user’s language', () => {
    afterAll(() => activateLanguage('en'))
    const summary = {
      format: 'loop-db' as const,
      activities: 1,
      events: 1250,
      attributes: 0,
      goals: 2,
      groups: 0,
      reminders: 0,
      settings: false,
      skipped: [{ reason: 'Skipped days (a skip is not an event)', count: 1200 }],
      notes: [],
    }

    it('counts and joins as German does', async () => {
      await activateLanguage('de')
      expect(describeImport(summary)).toMatchObject({
        title: 'Loop-Habit-Tracker-Sicherung importiert',
        added: 'Hinzugefügt: 1 Gewohnheit, 1.250 Einträge und 2 Ziele.',
        skipped: ['Skipped days (a skip is not an event): 1.200'],
      })
    })

    it('uses Arabic’s forms: one, many (1,250) and two', async () => {
      await activateLanguage('ar')
      expect(describeImport(summary).added).toBe('تمت إضافة عادة واحدة و1,250 سجلًا وهدفان.')
    })
  })
})
