import { fileURLToPath } from 'node:url'

// This module sits one level below apps/api both as source (src/paths.ts) and inside the
// bundle (dist/server.js), so the same relative URLs work in dev, tests and production.

/** Committed drizzle-kit migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url))

/** The built web app (apps/web/dist). */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url))
