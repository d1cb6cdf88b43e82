import { textProblem, UNPAIRED_SURROGATE } from '../http/input-guard'
import { DATE_RANGE, ImportError, type ImportPlan, isStorableInstant } from './plan'

/** `text` fit to quote in a message: without the characters that made it unstorable. */
const quoted = (text: string) =>
  `"${text.replaceAll('\u0000', '').replace(new RegExp(UNPAIRED_SURROGATE, 'g'), '\uFFFD')}"`

function checkText(text: string, where: () => string): void {
  const problem = textProblem(text)
  if (problem) {
    throw new ImportError(
      `${where()}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)} Kindling cannot store such text: correct it in the app the file comes from and export the file again.`,
    )
  }
}

function checkAll(texts: unknown[], where: () => string): void {
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
    const where = () => `Group ${index + 1} (${quoted(group.name)})`
    checkText(group.name, () => `${where()}, its name`)
    checkAll([group.description, group.originalId, ...group.keys], where)
  })
  const noun = plan.source === 'kindling' ? 'Activity' : 'Habit'
  plan.activities.forEach((activity, index) => {
    const where = () => `${noun} ${index + 1} (${quoted(activity.name)})`
    checkText(activity.name, () => `${where()}, its name`)
    checkText(activity.description, () => `${where()}, its description`)
    checkAll([activity.originalId, ...activity.keys], where)
    for (const attribute of activity.attributes) {
      checkAll(
        [attribute.key, attribute.originalId, ...Object.values(attribute.fields)],
        () => `${where()}, its attribute ${quoted(attribute.fields.name)}`,
      )
    }
    for (const goal of activity.goals) checkAll([goal.key, goal.originalId], where)
    for (const event of activity.events) {
      const day = () =>
        plan.eventIdentity === 'day' ? event.eventDate.slice(0, 10) : event.eventDate
      if (!isStorableInstant(event.eventDate)) {
        throw new ImportError(
          `${where()} has an event dated ${quoted(day())}: ${DATE_RANGE}. Correct the date in the app the file comes from and export the file again.`,
        )
      }
      checkAll(
        [event.originalId, ...Object.keys(event.values), ...Object.values(event.values)],
        () => `${where()}, its event of ${day()}`,
      )
    }
  })
}
