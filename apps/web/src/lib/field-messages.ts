import { t } from './i18n'

/*
 * The field errors core's schemas give (shared with the server, in English: SPEC's words) in the
 * active language (issue 54). Each rule reads one English message, its numbers and names kept;
 * a message no rule knows shows as it came.
 */

type Rule = [RegExp, (match: RegExpExecArray) => string]

const RULES: readonly Rule[] = [
  [/^Required\.$/, () => t('Required.')],
  [/^Name is required\.$/, () => t('Name is required.')],
  [
    /^Name must be (\d+) characters or less\.$/,
    (m) => t('Name must be {max} characters or less.', { max: m[1] }),
  ],
  [
    /^Description must be (\d+) characters or less\.$/,
    (m) => t('Description must be {max} characters or less.', { max: m[1] }),
  ],
  [
    /^Unit must be (\d+) characters or less\.$/,
    (m) => t('Unit must be {max} characters or less.', { max: m[1] }),
  ],
  [/^Color must be a hex colour like #ff8800$/, () => t('Color must be a hex colour like #ff8800')],
  [/^Choose at least one activity\.$/, () => t('Choose at least one activity.')],
  [/^Time must be HH:mm\.$/, () => t('Time must be HH:mm.')],
  [/^An option cannot be empty\.$/, () => t('An option cannot be empty.')],
  [/^Add at least one option\.$/, () => t('Add at least one option.')],
  [/^Min must be a whole number\.$/, () => t('Min must be a whole number.')],
  [/^Max must be a whole number\.$/, () => t('Max must be a whole number.')],
  [/^Max must not be less than min\.$/, () => t('Max must not be less than min.')],
  [/^Default must be one of the options\.$/, () => t('Default must be one of the options.')],
  [/^Defaults must be among the options\.$/, () => t('Defaults must be among the options.')],
  [/^Must be text\.$/, () => t('Must be text.')],
  [
    /^Must be (\d+) characters or less\.$/,
    (m) => t('Must be {max} characters or less.', { max: m[1] }),
  ],
  [/^Must be a number\.$/, () => t('Must be a number.')],
  [/^Must be a whole number\.$/, () => t('Must be a whole number.')],
  [/^Must be at least (.+)\.$/, (m) => t('Must be at least {min}.', { min: m[1] })],
  [/^Must be at most (.+)\.$/, (m) => t('Must be at most {max}.', { max: m[1] })],
  [
    /^Must be between (.+) and (.+)\.$/,
    (m) => t('Must be between {min} and {max}.', { min: m[1], max: m[2] }),
  ],
  [/^Must be a duration of zero or more\.$/, () => t('Must be a duration of zero or more.')],
  [/^Must be one of the options\.$/, () => t('Must be one of the options.')],
  [/^Must be among the options\.$/, () => t('Must be among the options.')],
  [/^Must be yes or no\.$/, () => t('Must be yes or no.')],
  [/^Must be a date YYYY-MM-DD\.$/, () => t('Must be a date YYYY-MM-DD.')],
  [/^Must be a time HH:mm\.$/, () => t('Must be a time HH:mm.')],
  [/^Must be (.+) or later\.$/, (m) => t('Must be {min} or later.', { min: m[1] })],
  [/^Must be (.+) or earlier\.$/, (m) => t('Must be {max} or earlier.', { max: m[1] })],
  [/^Must be zero or more\.$/, () => t('Must be zero or more.')],
  [/^Times must be a whole number\.$/, () => t('Times must be a whole number.')],
  [/^Times must be 1 or more\.$/, () => t('Times must be 1 or more.')],
  [/^Times must be (\d+) or less\.$/, (m) => t('Times must be {max} or less.', { max: m[1] })],
  [/^Not an attribute of this activity\.$/, () => t('Not an attribute of this activity.')],
  [/^Not an activity of yours\.$/, () => t('Not an activity of yours.')],
  [/^Not activities of yours: (.+)$/, (m) => t('Not activities of yours: {ids}', { ids: m[1] })],
  [/^Must be a date from the year 1 on\.$/, () => t('Must be a date from the year 1 on.')],
]

/** `message` (a field error of core's schemas) in the active language. */
export function translateFieldError(message: string): string
export function translateFieldError(message: string | null): string | null
export function translateFieldError(message: string | undefined): string | undefined
export function translateFieldError(message: string | null | undefined): string | null | undefined
export function translateFieldError(message: string | null | undefined): string | null | undefined {
  if (message === null || message === undefined || message === '') return message
  for (const [pattern, word] of RULES) {
    const match = pattern.exec(message)
    if (match) return word(match)
  }
  return message
}
