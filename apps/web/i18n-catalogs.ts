import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import {
  compileCatalog,
  compileMessageLiterals,
  findMessages,
  needsCompiling,
} from './i18n-messages.ts'

const CATALOG = /\/src\/locales\/[^/]+\.json$/
const SOURCE = /\/src\/.*\.tsx?$/
/** Lingui's runtime, which every module holding a compiled message imports (decision 163). */
const RUNTIME = fileURLToPath(new URL('./src/lib/i18n-runtime.ts', import.meta.url))
/** The modules the runtime itself is made of: they import nothing for their messages. */
const RUNTIME_PARTS = /\/src\/lib\/(i18n|i18n-runtime|lingui)\.ts$/

/**
 * Lingui's compiled catalogs without its CLI (decision 160): each language's catalog
 * (src/locales/<tag>.json) becomes its compiled form as it is imported, and each English message
 * with placeholders in the code is compiled where it stands, so the runtime needs no compiler;
 * the module then imports the runtime itself (src/lib/i18n-runtime.ts), which nothing else on
 * the first screen does.
 */
export function i18nCatalogs(): Plugin {
  return {
    name: 'kindling:i18n-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const path = id.replace(/\\/g, '/').split('?')[0] ?? ''
      if (CATALOG.test(path)) {
        const catalog = JSON.parse(code) as Record<string, string>
        return { code: JSON.stringify(compileCatalog(catalog)), map: null }
      }
      if (!SOURCE.test(path) || path.includes('/node_modules/')) return null
      const compiled = compileMessageLiterals(code)
      if (compiled === null) return null
      // A compiled message needs Lingui's runtime to be read: its module brings it (decision
      // 163), on its first line so the lines stay where they were.
      const needsRuntime =
        !RUNTIME_PARTS.test(path) &&
        findMessages(code).some(({ message }) => needsCompiling(message))
      return {
        code: needsRuntime ? `import ${JSON.stringify(RUNTIME)};${compiled}` : compiled,
        map: null,
      }
    },
  }
}
