export type WriteSchemas = typeof import('./schemas')

let loaded: WriteSchemas | undefined

/**
 * The write schemas of the synced copy (zod: about 100 ms of building at 4x CPU), loaded by the
 * first write or fetched ahead with the rest of what a tap may need (app-layout's preload on
 * intent), never with the first screen.
 */
export const loadWriteSchemas = (): Promise<WriteSchemas> =>
  import('./schemas').then((schemas) => {
    loaded = schemas
    return schemas
  })

/**
 * The write schemas once they are in: a write then checks its input and asks the device's store
 * in the press's own task, before the screen draws its pending state (issue 55).
 */
export const writeSchemasNow = (): WriteSchemas | undefined => loaded
