import type { Plugin } from 'vite'
import { compileCatalog, compileMessageLiterals } from './i18n-messages.ts'

const CATALOG = /\/src\/locales\/[^/]+\.json$/
const SOURCE = /\/src\/.*\.tsx?$/

/**
 * Lingui's compiled catalogs without its CLI (decision 160): each language's catalog
 * (src/locales/<tag>.json) becomes its compiled form as it is imported, and each English message
 * with placeholders in the code is compiled where it stands, so the runtime needs no compiler.
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
      return compiled === null ? null : { code: compiled, map: null }
    },
  }
}
