import type { Attribute, PeriodProgress } from '@kindling/core'
import { formatNumber } from '../lib/locale-format'

/** An amount in the active language's digits and decimal sign, at most two decimals. */
const amount = { format: (value: number) => formatNumber(value, { maximumFractionDigits: 2 }) }

/** The unit an amount target's total is read in: the attribute's unit, else its name. */
function unitOf(attribute: Attribute | undefined): string {
  if (!attribute) return ''
  if ('unit' in attribute && attribute.unit) return attribute.unit
  return attribute.name.toLowerCase()
}

/**
 * A period's progress toward its target as a row shows it beside the habit (issue 48): "2 / 3"
 * for a number of events, "5 / 20 pages" for a total; nothing for a goal of one event (the
 * checkbox says it all).
 */
export function describeProgress(
  progress: PeriodProgress | null | undefined,
  attributes: ReadonlyMap<string, Attribute>,
): string | null {
  if (!progress || progress.target.kind === 'event') return null
  const text = `${amount.format(progress.value)} / ${amount.format(progress.goal)}`
  if (progress.target.kind === 'count') return text
  const unit = unitOf(attributes.get(progress.target.attributeId))
  return unit ? `${text} ${unit}` : text
}
