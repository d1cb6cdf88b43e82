import { msg, type Text } from './message'

/*
 * The field errors of core's schemas and checks (in English: SPEC's words, shared with the app,
 * which words them itself in lib/field-messages.ts) as texts the server's catalogs translate
 * (decision 162). Each rule reads one English message, its numbers and names kept as values, so
 * the English of a text stays the message it came from. Zod's own messages, for the rules core
 * gives none, are read the same way.
 */

type Rule = [RegExp, (match: RegExpExecArray) => Text]

/** The messages without a number or name in them, each its own text. */
const PLAIN: readonly Text[] = [
  msg('Required.'),
  msg('Name is required.'),
  msg('Color must be a hex colour like #ff8800'),
  msg('Choose at least one activity.'),
  msg('Choose at least one event.'),
  msg('Time must be HH:mm.'),
  msg('An option cannot be empty.'),
  msg('Add at least one option.'),
  msg('Min must be a whole number.'),
  msg('Max must be a whole number.'),
  msg('Max must not be less than min.'),
  msg('Default must be one of the options.'),
  msg('Defaults must be among the options.'),
  msg('Must be text.'),
  msg('Must be a number.'),
  msg('Must be a whole number.'),
  msg('Must be a duration of zero or more.'),
  msg('Must be one of the options.'),
  msg('Must be among the options.'),
  msg('Must be yes or no.'),
  msg('Must be a date YYYY-MM-DD.'),
  msg('Must be a time HH:mm.'),
  msg('Must be zero or more.'),
  msg('Times must be a whole number.'),
  msg('Times must be 1 or more.'),
  msg('Not an attribute of this activity.'),
  msg('Must be a date from the year 1 on.'),
  msg('Must be a date-time with its offset or a day YYYY-MM-DD, from the year 1 on.'),
  msg('Id must be a UUID.'),
  msg('Id must be a random UUID, not the nil or max one.'),
  msg('Must be an order key (letters and digits).'),
  msg('Must be the cursor of an earlier answer.'),
  msg('Must be an IANA time zone such as Europe/Berlin.'),
  msg('Not a known IANA time zone.'),
  msg('Must be base64url.'),
  msg('Must be an https URL.'),
  msg('URL is required.'),
  msg('Enter a valid e-mail address.'),
  msg('Image must be an http or https URL.'),
  msg('Password cannot be only spaces.'),
  msg('The challenge must be a SHA-256 in base64url (43 characters).'),
  msg('The verifier must be 43 to 128 unreserved characters.'),
  msg('Invalid value.'),
  // Zod's own, for a rule without a message of core's.
  msg('Invalid input'),
  msg('Invalid UUID'),
  msg('Invalid ISO datetime'),
  msg('Invalid ISO date'),
  msg('Invalid email address'),
  msg('Invalid URL'),
]

const plain = new Map(PLAIN.map((text) => [text.message, text]))

const RULES: readonly Rule[] = [
  [
    /^Name must be (\d+) characters or less\.$/,
    (m) => msg('Name must be {max} characters or less.', { max: Number(m[1]) }),
  ],
  [
    /^Description must be (\d+) characters or less\.$/,
    (m) => msg('Description must be {max} characters or less.', { max: Number(m[1]) }),
  ],
  [
    /^Note must be (\d+) characters or less\.$/,
    (m) => msg('Note must be {max} characters or less.', { max: Number(m[1]) }),
  ],
  [
    /^Must be (\d+) characters or less\.$/,
    (m) => msg('Must be {max} characters or less.', { max: Number(m[1]) }),
  ],
  [
    /^Name must be at most (\d+) characters\.$/,
    (m) => msg('Name must be at most {max} characters.', { max: Number(m[1]) }),
  ],
  [
    /^Image must be at most (\d+) characters\.$/,
    (m) => msg('Image must be at most {max} characters.', { max: Number(m[1]) }),
  ],
  [
    /^Password must be at least (\d+) characters\.$/,
    (m) => msg('Password must be at least {min} characters.', { min: Number(m[1]) }),
  ],
  [
    /^Password must be at most (\d+) characters\.$/,
    (m) => msg('Password must be at most {max} characters.', { max: Number(m[1]) }),
  ],
  [
    /^Times must be (\d+) or less\.$/,
    (m) => msg('Times must be {max} or less.', { max: Number(m[1]) }),
  ],
  [/^Must be at least (.+)\.$/, (m) => msg('Must be at least {min}.', { min: m[1] })],
  [/^Must be at most (.+)\.$/, (m) => msg('Must be at most {max}.', { max: m[1] })],
  [
    /^Must be between (.+) and (.+)\.$/,
    (m) => msg('Must be between {min} and {max}.', { min: m[1], max: m[2] }),
  ],
  [/^Must be (.+) or later\.$/, (m) => msg('Must be {min} or later.', { min: m[1] })],
  [/^Must be (.+) or earlier\.$/, (m) => msg('Must be {max} or earlier.', { max: m[1] })],
  // Zod's own messages (its English locale), their type names and values kept as they are.
  [
    /^Invalid input: expected (\S+), received (\S+)$/,
    (m) =>
      msg('Invalid input: expected {expected}, received {received}', {
        expected: m[1],
        received: m[2],
      }),
  ],
  [
    /^Invalid option: expected one of (.+)$/,
    (m) => msg('Invalid option: expected one of {options}', { options: m[1] }),
  ],
  [
    /^Invalid input: expected (.+)$/,
    (m) => msg('Invalid input: expected {value}', { value: m[1] }),
  ],
  [
    /^Too big: expected string to have <=(\d+) characters$/,
    (m) => msg('Too big: expected string to have <={max} characters', { max: Number(m[1]) }),
  ],
  [
    /^Too small: expected string to have >=(\d+) characters$/,
    (m) => msg('Too small: expected string to have >={min} characters', { min: Number(m[1]) }),
  ],
  [
    /^Too big: expected array to have <=(\d+) items$/,
    (m) => msg('Too big: expected array to have <={max} items', { max: Number(m[1]) }),
  ],
  [
    /^Too small: expected array to have >=(\d+) items$/,
    (m) => msg('Too small: expected array to have >={min} items', { min: Number(m[1]) }),
  ],
  [
    /^Too big: expected number to be <=(\S+)$/,
    (m) => msg('Too big: expected number to be <={max}', { max: m[1] }),
  ],
  [
    /^Too small: expected number to be >=(\S+)$/,
    (m) => msg('Too small: expected number to be >={min}', { min: m[1] }),
  ],
  [
    /^Too small: expected number to be >(\S+)$/,
    (m) => msg('Too small: expected number to be >{min}', { min: m[1] }),
  ],
  [
    /^Invalid string: must match pattern (.+)$/,
    (m) => msg('Invalid string: must match pattern {pattern}', { pattern: m[1] }),
  ],
  [/^Unrecognized key: (.+)$/, (m) => msg('Unrecognized key: {keys}', { keys: m[1] })],
  [/^Unrecognized keys: (.+)$/, (m) => msg('Unrecognized keys: {keys}', { keys: m[1] })],
]

/**
 * `message` (a field error of core's schemas or checks, or zod's, in English) as a text in the
 * catalogs; a message no rule knows is kept as it came (never read as ICU: it may hold braces).
 */
export function fieldText(message: Text | string): Text {
  if (typeof message !== 'string') return message
  const known = plain.get(message)
  if (known) return known
  for (const [pattern, text] of RULES) {
    const match = pattern.exec(message)
    if (match) return text(match)
  }
  return msg('{text}', { text: message })
}
