import { UNPAIRED_SURROGATE, unstorable } from '../http/input-guard'
import { msg, type Text } from '../i18n/message'
import { DATE_RANGE, ImportError, type ImportPlan, isStorableInstant } from './plan'

/** `text` fit to quote in a message: without the characters that made it unstorable. */
const cleaned = (text: string) =>
  text.replaceAll('\u0000', '').replace(new RegExp(UNPAIRED_SURROGATE, 'g'), '\uFFFD')

function checkText(text: string, where: () => Text): void {
  const problem = unstorable(text)
  if (problem === 'nul') {
    throw new ImportError(
      msg(
        '{where}: must not contain NUL characters. Kindling cannot store such text: correct it in the app the file comes from and export the file again.',
        { where: where() },
      ),
    )
  }
  if (problem === 'surrogate') {
    throw new ImportError(
      msg(
        '{where}: must be valid Unicode text (an unpaired surrogate). Kindling cannot store such text: correct it in the app the file comes from and export the file again.',
        { where: where() },
      ),
    )
  }
}

function checkAll(texts: unknown[], where: () => Text): void {
  for (const text of texts) {
    if (typeof text === 'string') checkText(text, where)
    else if (Array.isArray(text)) checkAll(text, where)
  }
}

/**
 * Refuses, before anything is written, a plan the database could not store, with what is wrong
 * and where (issue 16: a bad file answers 400 and stores nothing, never 500): text the data API
 * refuses too (NUL characters, unpaired surrogates; PostgreSQL stores neither) and events dated
 * outside the years the API takes (core's `IsoDateTime`: PostgreSQL has no year 0). Readers check
 * dates where they can name the line; this is the one rule every format meets.
 */
export function checkPlan(plan: ImportPlan): void {
  plan.groups.forEach((group, index) => {
    const where = () =>
      msg('Group {number} ("{name}")', { number: index + 1, name: cleaned(group.name) })
    checkText(group.name, () => msg('{where}, its name', { where: where() }))
    checkAll([group.description, group.originalId, ...group.keys], where)
  })
  plan.activities.forEach((activity, index) => {
    const named = { number: index + 1, name: cleaned(activity.name) }
    // A backup names Kindling's own activities; the other apps name habits.
    const where = () =>
      plan.source === 'kindling'
        ? msg('Activity {number} ("{name}")', named)
        : msg('Habit {number} ("{name}")', named)
    checkText(activity.name, () => msg('{where}, its name', { where: where() }))
    checkText(activity.description, () => msg('{where}, its description', { where: where() }))
    checkAll([activity.originalId, ...activity.keys], where)
    for (const attribute of activity.attributes) {
      checkAll([attribute.key, attribute.originalId, ...Object.values(attribute.fields)], () =>
        msg('{where}, its attribute "{attribute}"', {
          where: where(),
          attribute: cleaned(attribute.fields.name),
        }),
      )
    }
    for (const goal of activity.goals) checkAll([goal.key, goal.originalId], where)
    for (const event of activity.events) {
      const day = () =>
        plan.eventIdentity === 'day' ? event.eventDate.slice(0, 10) : event.eventDate
      if (!isStorableInstant(event.eventDate)) {
        throw new ImportError(
          msg(
            '{where} has an event dated "{day}": {range}. Correct the date in the app the file comes from and export the file again.',
            { where: where(), day: cleaned(day()), range: DATE_RANGE },
          ),
        )
      }
      checkAll(
        [event.originalId, ...Object.keys(event.values), ...Object.values(event.values)],
        () => msg('{where}, its event of {day}', { where: where(), day: cleaned(day()) }),
      )
    }
  })
}
