import { msg, type Text } from '../i18n/message'

/*
 * A delivery's error is stored in English (the sender writes it, with no reader yet; logs and
 * older rows keep it). The delivery log reads it in the request's language (decision 161): each
 * rule below knows one of the sender's forms; an error no rule knows (a network library's own)
 * reads as it was stored.
 */

type Rule = [RegExp, (match: RegExpExecArray) => Text]

const RULES: readonly Rule[] = [
  [
    /^The webhook was turned off after failing for a day\.$/,
    () => msg('The webhook was turned off after failing for a day.'),
  ],
  [/^The webhook was turned off\.$/, () => msg('The webhook was turned off.')],
  [
    /^The receiver answered (\d+)\.$/,
    (m) => msg('The receiver answered {status}.', { status: m[1] }),
  ],
  [
    /^No answer within (\d+(?:\.\d+)?) s\.$/,
    (m) => msg('No answer within {seconds} s.', { seconds: Number(m[1]) }),
  ],
  [/^The host name does not resolve\.$/, () => msg('The host name does not resolve.')],
  [/^The connection was refused\.$/, () => msg('The connection was refused.')],
  [/^The connection was reset\.$/, () => msg('The connection was reset.')],
  // The address's problem is itself a catalog text (webhookUrlProblem's), put in translated.
  [/^Refused: (.+)$/s, (m) => msg('Refused: {problem}', { problem: msg(m[1] ?? '') })],
]

/** A stored delivery error as a text to translate; as it is when no rule knows it. */
export function deliveryErrorText(error: string): Text | string {
  for (const [pattern, text] of RULES) {
    const match = pattern.exec(error)
    if (match) return text(match)
  }
  return error
}
