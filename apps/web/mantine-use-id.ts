import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** The app's `useId` for Mantine (see src/lib/mantine-use-id.ts, decision 120). */
export const MANTINE_USE_ID = join(
  dirname(fileURLToPath(import.meta.url)),
  'src/lib/mantine-use-id.ts',
)

/**
 * Gives Mantine's components the app's `useId` instead of their own, which draws every component
 * with an id twice (issue 19). Mantine's hooks import it as `./use-id/use-id.mjs` (their index)
 * or `../use-id/use-id.mjs` (the other hooks); @mantine/core gets it through that index.
 */
export function mantineUseId(): Plugin {
  return {
    name: 'kindling:mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.replace(/\\/g, '/').includes('/@mantine/hooks/')) return null
      return /(^|\/)use-id\/use-id\.mjs$/.test(source) ? MANTINE_USE_ID : null
    },
  }
}
