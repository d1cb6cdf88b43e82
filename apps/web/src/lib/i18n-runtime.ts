import { i18n } from '@lingui/core'
import { setLingui } from './lingui'

/*
 * Lingui's runtime (decision 160), loaded where it is needed (decision 163): the build adds an
 * import of this module to every module holding a compiled message (i18n-catalogs.ts), and a
 * language's catalog loads it. English texts without placeholders need no runtime, and the
 * first screen's shell has none with them: its script goes without Lingui.
 */

// English, until a catalog is activated (lib/i18n's activateLanguage waits for this module).
i18n.loadAndActivate({ locale: 'en', messages: {} })
setLingui(i18n)
