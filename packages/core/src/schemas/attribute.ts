import { z } from 'zod'
import {
  ATTRIBUTE_NAME_MAX_LENGTH,
  DEFAULT_DURATION_UNIT,
  DESCRIPTION_MAX_LENGTH,
  OPTION_MAX_LENGTH,
  OPTIONS_MAX_COUNT,
  RATING_MAX,
  RATING_MIN,
  TEXT_VALUE_MAX_LENGTH,
} from '../constants'
import { CalendarDay, ClientId, Id, IsoDateTime, RecordStamp, trimmedText } from './common'

/** A value entered for an attribute on an event (checked against its definition by type). */
export const AttributeValue = z.union([
  z.string().max(TEXT_VALUE_MAX_LENGTH),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(TEXT_VALUE_MAX_LENGTH)).max(100),
  z.null(),
])
export type AttributeValue = z.infer<typeof AttributeValue>

export const ATTRIBUTE_TYPES = [
  'text',
  'number',
  'rating',
  'duration',
  'select',
  'multiselect',
  'boolean',
  'date',
  'time',
] as const
export const AttributeType = z.enum(ATTRIBUTE_TYPES)
export type AttributeType = z.infer<typeof AttributeType>

export const DURATION_UNITS = ['seconds', 'minutes', 'hours'] as const
export const DurationUnit = z.enum(DURATION_UNITS)
export type DurationUnit = z.infer<typeof DurationUnit>

export const NumberValueType = z.enum(['integer', 'decimal'])
export type NumberValueType = z.infer<typeof NumberValueType>

/** `HH:mm`, 24-hour. */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm.')

/** Types whose attributes may be saved without a name (SPEC §5). */
export const NAMELESS_ATTRIBUTE_TYPES: readonly AttributeType[] = ['duration', 'rating']

const Option = z.string().trim().min(1, 'An option cannot be empty.').max(OPTION_MAX_LENGTH)

/** Options are de-duplicated and never empty (SPEC §5). */
export const Options = z
  .array(Option)
  .max(OPTIONS_MAX_COUNT)
  .transform((options) => [...new Set(options)])
  .refine((options) => options.length > 0, 'Add at least one option.')

/** Options as stored (already trimmed, de-duplicated and non-empty by Options): no transform. */
export const StoredOptions = z
  .array(z.string().min(1).max(OPTION_MAX_LENGTH))
  .min(1)
  .max(OPTIONS_MAX_COUNT)

const common = {
  id: ClientId,
  activityId: Id,
  name: trimmedText('Name', ATTRIBUTE_NAME_MAX_LENGTH).default(''),
  description: trimmedText('Description', DESCRIPTION_MAX_LENGTH).default(''),
  required: z.boolean().default(false),
}

const TextAttribute = z.object({
  ...common,
  type: z.literal('text'),
  defaultValue: z.string().max(TEXT_VALUE_MAX_LENGTH).optional(),
  maxLength: z.number().int().min(1).max(TEXT_VALUE_MAX_LENGTH).optional(),
})

const NumberAttribute = z.object({
  ...common,
  type: z.literal('number'),
  min: z.number().int('Min must be a whole number.').optional(),
  max: z.number().int('Max must be a whole number.').optional(),
  valueType: NumberValueType.default('integer'),
  unit: z.string().trim().max(30).optional(),
  defaultValue: z.number().optional(),
})

const RatingAttribute = z.object({
  ...common,
  type: z.literal('rating'),
  min: z.literal(RATING_MIN).default(RATING_MIN),
  max: z.literal(RATING_MAX).default(RATING_MAX),
})

const DurationAttribute = z.object({
  ...common,
  type: z.literal('duration'),
  unit: DurationUnit.default(DEFAULT_DURATION_UNIT),
})

const SelectAttribute = z.object({
  ...common,
  type: z.literal('select'),
  options: Options,
  defaultValue: z.string().optional(),
})

const MultiselectAttribute = z.object({
  ...common,
  type: z.literal('multiselect'),
  options: Options,
  defaultValue: z.array(z.string()).optional(),
})

const BooleanAttribute = z.object({
  ...common,
  type: z.literal('boolean'),
  defaultValue: z.boolean().optional(),
})

const DateAttribute = z.object({
  ...common,
  type: z.literal('date'),
  defaultValue: CalendarDay.optional(),
})

const TimeAttribute = z.object({
  ...common,
  type: z.literal('time'),
  defaultValue: TimeOfDay.optional(),
  min: TimeOfDay.optional(),
  max: TimeOfDay.optional(),
})

/**
 * What a client may send to create or replace an attribute: a union tagged by `type`, each
 * with its own fields; fields of other types are dropped. Cross-field rules (name needed for
 * most types, min <= max, default among the options) are checked after the shape.
 */
export const AttributeInput = z
  .discriminatedUnion('type', [
    TextAttribute,
    NumberAttribute,
    RatingAttribute,
    DurationAttribute,
    SelectAttribute,
    MultiselectAttribute,
    BooleanAttribute,
    DateAttribute,
    TimeAttribute,
  ])
  .superRefine((attribute, ctx) => {
    if (!attribute.name && !NAMELESS_ATTRIBUTE_TYPES.includes(attribute.type)) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name is required.' })
    }
    if (attribute.type === 'number' || attribute.type === 'time') {
      const { min, max } = attribute
      if (min !== undefined && max !== undefined && min > max) {
        ctx.addIssue({ code: 'custom', path: ['max'], message: 'Max must not be less than min.' })
      }
    }
    if (attribute.type === 'select' && attribute.defaultValue !== undefined) {
      if (!attribute.options.includes(attribute.defaultValue)) {
        ctx.addIssue({
          code: 'custom',
          path: ['defaultValue'],
          message: 'Default must be one of the options.',
        })
      }
    }
    if (attribute.type === 'multiselect' && attribute.defaultValue !== undefined) {
      if (attribute.defaultValue.some((value) => !attribute.options.includes(value))) {
        ctx.addIssue({
          code: 'custom',
          path: ['defaultValue'],
          message: 'Defaults must be among the options.',
        })
      }
      return
    }
    // A default is a value an event starts with: it must meet the attribute's own rules (a
    // text's length, a number's kind and range, a time's range), or saving it is refused.
    const fallback = 'defaultValue' in attribute ? attribute.defaultValue : undefined
    const problem =
      attribute.type === 'select' || fallback === undefined
        ? null
        : checkAttributeValue(attribute, fallback)
    if (problem) ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: problem })
  })
export type AttributeInput = z.input<typeof AttributeInput>
export type ParsedAttributeInput = z.output<typeof AttributeInput>
export const AttributeUpdateInput = AttributeInput
export type AttributeUpdateInput = z.input<typeof AttributeUpdateInput>

const stamp = { ...RecordStamp, updatedAt: IsoDateTime.nullable() }

/**
 * The common fields as stored: the input's defaults and trimming already applied, so plain
 * shapes without defaults or transforms (responses are encoded with these).
 */
const stored = {
  ...stamp,
  activityId: Id,
  name: z.string().max(ATTRIBUTE_NAME_MAX_LENGTH),
  description: z.string().max(DESCRIPTION_MAX_LENGTH),
  required: z.boolean(),
}

/** A stored attribute: the input's fields (normalised) plus the server's stamps. */
export const Attribute = z.discriminatedUnion('type', [
  TextAttribute.extend(stored),
  NumberAttribute.extend({
    ...stored,
    valueType: NumberValueType,
    unit: z.string().max(30).optional(),
  }),
  RatingAttribute.extend({ ...stored, min: z.literal(RATING_MIN), max: z.literal(RATING_MAX) }),
  DurationAttribute.extend({ ...stored, unit: DurationUnit }),
  SelectAttribute.extend({ ...stored, options: StoredOptions }),
  MultiselectAttribute.extend({ ...stored, options: StoredOptions }),
  BooleanAttribute.extend(stored),
  DateAttribute.extend(stored),
  TimeAttribute.extend(stored),
])
export type Attribute = z.infer<typeof Attribute>

/** The fields a new attribute of `type` starts with (SPEC §4: a type change resets them). */
export function defaultAttributeFields(type: AttributeType): Partial<ParsedAttributeInput> {
  switch (type) {
    case 'number':
      return { type, valueType: 'integer' }
    case 'rating':
      return { type, min: RATING_MIN, max: RATING_MAX }
    case 'duration':
      return { type, unit: DEFAULT_DURATION_UNIT }
    case 'select':
    case 'multiselect':
      return { type, options: [] }
    default:
      return { type }
  }
}

/** Adds an option unless it is empty or already there (SPEC §5). */
export function addOption(options: readonly string[], option: string): string[] {
  const value = option.trim()
  if (!value || options.includes(value)) return [...options]
  return [...options, value]
}

/** A value that counts as not filled in (what `required` asks for). */
export function isEmptyValue(value: AttributeValue | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  )
}

/** Why `value` does not fit `attribute`, or null when it fits. Empty values always fit here. */
export function checkAttributeValue(
  attribute: ParsedAttributeInput,
  value: AttributeValue,
): string | null {
  if (isEmptyValue(value)) return null
  switch (attribute.type) {
    case 'text':
      if (typeof value !== 'string') return 'Must be text.'
      if (attribute.maxLength !== undefined && value.length > attribute.maxLength) {
        return `Must be ${attribute.maxLength} characters or less.`
      }
      return null
    case 'number':
      if (typeof value !== 'number') return 'Must be a number.'
      if (attribute.valueType === 'integer' && !Number.isInteger(value)) {
        return 'Must be a whole number.'
      }
      if (attribute.min !== undefined && value < attribute.min) {
        return `Must be at least ${attribute.min}.`
      }
      if (attribute.max !== undefined && value > attribute.max) {
        return `Must be at most ${attribute.max}.`
      }
      return null
    case 'rating':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'Must be a whole number.'
      if (value < attribute.min || value > attribute.max) {
        return `Must be between ${attribute.min} and ${attribute.max}.`
      }
      return null
    case 'duration':
      if (typeof value !== 'number' || value < 0) return 'Must be a duration of zero or more.'
      return null
    case 'select':
      if (typeof value !== 'string' || !attribute.options.includes(value)) {
        return 'Must be one of the options.'
      }
      return null
    case 'multiselect':
      if (!Array.isArray(value) || value.some((item) => !attribute.options.includes(item))) {
        return 'Must be among the options.'
      }
      return null
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Must be yes or no.'
    case 'date':
      return typeof value === 'string' && CalendarDay.safeParse(value).success
        ? null
        : 'Must be a date YYYY-MM-DD.'
    case 'time': {
      if (typeof value !== 'string' || !TimeOfDay.safeParse(value).success) {
        return 'Must be a time HH:mm.'
      }
      if (attribute.min !== undefined && value < attribute.min) {
        return `Must be ${attribute.min} or later.`
      }
      if (attribute.max !== undefined && value > attribute.max) {
        return `Must be ${attribute.max} or earlier.`
      }
      return null
    }
  }
}
