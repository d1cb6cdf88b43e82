/*
 * The editable fields of a record are the fields of its update schema (STYLE: types flow from the
 * schema, never written twice). An update merges the change over them, on the server and on the
 * device alike. Structural on purpose: the web passes the schemas it loads with its first write,
 * so this file must not load zod itself.
 */

interface ObjectSchema {
  shape: Record<string, unknown>
}
interface UnionSchema {
  options: readonly ObjectSchema[]
  def: { discriminator?: string }
}

/** The option of a discriminated union whose tag is `value` (e.g. an attribute's `type`). */
function optionFor(schema: UnionSchema, value: unknown): ObjectSchema | undefined {
  const key = schema.def.discriminator
  if (key === undefined) return schema.options[0]
  return schema.options.find((option) => {
    const tag = option.shape[key] as { values?: ReadonlySet<unknown>; value?: unknown } | undefined
    return tag?.values ? tag.values.has(value) : tag?.value === value
  })
}

/**
 * The keys an update schema takes for `record` (for a tagged union, its option of the record's
 * tag), `id` left out: what an update may change and what it is merged over.
 */
export function listEditableKeys(
  schema: ObjectSchema | UnionSchema,
  record: Readonly<Record<string, unknown>>,
): string[] {
  const object =
    'shape' in schema
      ? schema
      : optionFor(schema, record[(schema as UnionSchema).def.discriminator ?? ''])
  return Object.keys(object?.shape ?? {}).filter((key) => key !== 'id')
}

/**
 * The fields of a stored record (as the API answers it) that its update schema takes: the base
 * an update's change is merged over. Fields the record lacks are left out, so the schema's
 * defaults apply to them.
 */
export function pickEditable(
  schema: ObjectSchema | UnionSchema,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const picked: Record<string, unknown> = {}
  for (const key of listEditableKeys(schema, record)) {
    if (key in record && record[key] !== undefined) picked[key] = record[key]
  }
  return picked
}
