import type { ImportFormat, ImportSummary } from '@kindling/core'

const FORMAT_NAMES: Record<ImportFormat, string> = {
  'loop-db': 'a Loop Habit Tracker backup',
  'loop-csv': 'a Loop Habit Tracker CSV export',
  'habitbull-csv': 'a HabitBull CSV file',
  'table-habit-json': 'a Table Habit export',
  'kindling-json': 'a Kindling backup',
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

/** "a, b and c". */
function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/**
 * The sentences that tell what an import did: which format the file was, what it added (or
 * that nothing was new), each reason something was left out with its count, and what it says of
 * single habits.
 */
export function describeImport(summary: ImportSummary): {
  title: string
  added: string
  skipped: string[]
  /** What the import says of single habits (a frequency kept approximately, say). */
  notes: string[]
} {
  const parts = [
    [summary.activities, 'habit', 'habits'],
    [summary.events, 'event', 'events'],
    [summary.attributes, 'attribute', 'attributes'],
    [summary.goals, 'goal', 'goals'],
    [summary.groups, 'group', 'groups'],
    [summary.reminders, 'reminder', 'reminders'],
    [summary.breaks ?? 0, 'break (days off)', 'breaks (days off)'],
  ] as const
  const added = parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => plural(count, one, many))
  const settings = summary.settings
    ? "Your time zone, e-mail reminders and pause are now the backup's."
    : ''
  return {
    title: `Imported ${FORMAT_NAMES[summary.format]}`,
    added:
      added.length > 0
        ? `Added ${joinList(added)}.${settings ? ` ${settings}` : ''}`
        : settings || 'Nothing new: everything in this file is already in Kindling.',
    skipped: summary.skipped.map(
      ({ reason, count }) => `${reason}: ${count.toLocaleString('en-US')}`,
    ),
    notes: summary.notes ?? [],
  }
}
