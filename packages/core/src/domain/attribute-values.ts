import type { Attribute, AttributeValue } from '../schemas/attribute'

/** The label of an attribute: its name, or its type's name when it has none. */
export function getAttributeLabel(attribute: Attribute): string {
  if (attribute.name) return attribute.name
  if (attribute.type === 'duration') return 'Duration'
  if (attribute.type === 'rating') return 'Rating'
  return 'Untitled'
}

/** An attribute value as text, by the attribute's type ('25 minutes', '4 / 5'); '—' when empty. */
export function formatAttributeValue(
  attribute: Attribute | undefined,
  value: AttributeValue | undefined,
): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (!attribute) return String(value)
  switch (attribute.type) {
    case 'number':
      return attribute.unit ? `${value} ${attribute.unit}` : String(value)
    case 'duration':
      return `${value} ${attribute.unit}`
    case 'rating':
      return `${value} / ${attribute.max}`
    default:
      return String(value)
  }
}

/**
 * The live attributes of an activity in the order it lists them (`order`, its `attributes`),
 * then any others of it the list misses, oldest first as given.
 */
export function orderAttributes<T extends Pick<Attribute, 'id'>>(
  attributes: readonly T[],
  order: readonly string[],
): T[] {
  const rank = new Map(order.map((id, index) => [id, index]))
  return attributes
    .map((attribute, index) => ({ attribute, rank: rank.get(attribute.id) ?? 1e6 + index }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ attribute }) => attribute)
}

/**
 * An event's values in a few words for a list row (issue 51): '25 pages · Note: felt good', in
 * the order of `attributes` (the activity's live ones), leaving out those without a value and
 * values of attributes not given (deleted ones stay stored but hidden). Empty without values.
 */
export function describeEventValues(
  attributes: readonly Attribute[],
  values: Readonly<Record<string, AttributeValue>>,
): string {
  const parts: string[] = []
  for (const attribute of attributes) {
    const value = values[attribute.id]
    const text = formatAttributeValue(attribute, value)
    if (text === '—') continue
    // A value with its unit says what it is ('25 pages', '30 minutes'); others need the label.
    const unit = attribute.type === 'number' || attribute.type === 'duration' ? attribute.unit : ''
    parts.push(unit ? text : `${getAttributeLabel(attribute)}: ${text}`)
  }
  return parts.join(' · ')
}
