/**
 * The write schemas of the synced copy (zod: about 100 ms of building at 4x CPU), loaded by the
 * first write or fetched ahead with the rest of what a tap may need (app-layout's preload on
 * intent), never with the first screen.
 */
export const loadWriteSchemas = () => import('./schemas')

export type WriteSchemas = Awaited<ReturnType<typeof loadWriteSchemas>>
