import type { ImportFormat, ImportSummary, Language } from '@kindling/core'
import { activeLanguage, msg, t } from '../../../lib/i18n'

const FORMAT_TITLES: Record<ImportFormat, string> = {
  'loop-db': msg('Imported a Loop Habit Tracker backup'),
  'loop-csv': msg('Imported a Loop Habit Tracker CSV export'),
  'habitbull-csv': msg('Imported a HabitBull CSV file'),
  'table-habit-json': msg('Imported a Table Habit export'),
  'kindling-json': msg('Imported a Kindling backup'),
}

/**
 * "a, b and c": English as it always said it (no comma before 'and'), every other language as
 * `Intl.ListFormat` joins a list in it.
 */
function joinList(items: string[], language: Language): string {
  if (language !== 'en') return new Intl.ListFormat(language, { type: 'conjunction' }).format(items)
  if (items.length <= 1) return items.join('')
  return t('{items} and {last}', {
    items: items.slice(0, -1).join(', '),
    last: items[items.length - 1],
  })
}

/** What an import added, one count each, in the active language ('3 habits', '1 event'). */
function describeCounts(summary: ImportSummary): string[] {
  const said: string[] = []
  const add = (count: number, text: () => string) => {
    if (count > 0) said.push(text())
  }
  const count = (value: number) => ({ count: value })
  add(summary.activities, () =>
    t('{count, plural, one {# habit} other {# habits}}', count(summary.activities)),
  )
  add(summary.events, () =>
    t('{count, plural, one {# event} other {# events}}', count(summary.events)),
  )
  add(summary.attributes, () =>
    t('{count, plural, one {# attribute} other {# attributes}}', count(summary.attributes)),
  )
  add(summary.goals, () => t('{count, plural, one {# goal} other {# goals}}', count(summary.goals)))
  add(summary.groups, () =>
    t('{count, plural, one {# group} other {# groups}}', count(summary.groups)),
  )
  add(summary.reminders, () =>
    t('{count, plural, one {# reminder} other {# reminders}}', count(summary.reminders)),
  )
  add(summary.breaks ?? 0, () =>
    t(
      '{count, plural, one {# break (days off)} other {# breaks (days off)}}',
      count(summary.breaks ?? 0),
    ),
  )
  return said
}

/**
 * The sentences that tell what an import did, in the active language: which format the file
 * was, what it added (or that nothing was new), each reason something was left out with its
 * count, and what it says of single habits. The reasons and notes are the server's words.
 */
export function describeImport(summary: ImportSummary): {
  title: string
  added: string
  skipped: string[]
  /** What the import says of single habits (a frequency kept approximately, say). */
  notes: string[]
} {
  const language = activeLanguage()
  const added = describeCounts(summary)
  const settings = summary.settings
    ? t("Your time zone, e-mail reminders and pause are now the backup's.")
    : ''
  const list = joinList(added, language)
  const number = new Intl.NumberFormat(language === 'en' ? 'en-US' : language)
  return {
    title: t(FORMAT_TITLES[summary.format]),
    added:
      added.length === 0
        ? settings || t('Nothing new: everything in this file is already in Kindling.')
        : settings
          ? t('Added {list}. {settings}', { list, settings })
          : t('Added {list}.', { list }),
    skipped: summary.skipped.map(({ reason, count }) =>
      t('{reason}: {count}', { reason, count: number.format(count) }),
    ),
    notes: summary.notes ?? [],
  }
}
