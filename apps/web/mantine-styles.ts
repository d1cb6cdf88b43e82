import type { Plugin } from 'vite'

/**
 * Mantine's styles travel with the components that use them (issue 19, decision 096).
 *
 * Every Mantine component reads its class names from a `<Name>.module.mjs` beside it, and
 * `@mantine/core` ships one stylesheet per such module (`styles/<Name>.css`). This plugin makes
 * each of those modules import its stylesheet, so the CSS follows the JavaScript through the
 * module graph: the shell's components land in the one stylesheet the first screen waits for,
 * and a component a route or a dialog uses arrives with that route's chunk, dependencies
 * included (Button brings UnstyledButton because Button's module imports it). The other Mantine
 * packages ship a single stylesheet, imported by whichever of their modules is loaded first.
 *
 * The `.layer.css` variants put Mantine in `@layer mantine`, so the order in which chunks add
 * their stylesheets can never let Mantine override the app's own styles.
 */
const MODULE = /\/@mantine\/([a-z]+)\/esm\/(?:.*\/)?([A-Za-z]+)\.module\.mjs$/

export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'kindling:mantine-styles-per-component',
    enforce: 'pre',
    transform(code, id) {
      const match = MODULE.exec(id.split('?')[0] ?? '')
      if (!match) return null
      const [, pkg, name] = match
      const stylesheet =
        pkg === 'core'
          ? `@mantine/core/styles/${name}.layer.css`
          : `@mantine/${pkg}/styles.layer.css`
      return { code: `import '${stylesheet}';\n${code}`, map: null }
    },
  }
}
