import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mantineStylesPerComponent } from './mantine-styles'

const require = createRequire(import.meta.url)
const plugin = mantineStylesPerComponent()
const transform = plugin.transform as (code: string, id: string) => { code: string } | null
/** A Mantine package's folder, found from its main module (its package.json is not exported). */
const root = (pkg: string) => {
  let dir = dirname(require.resolve(`@mantine/${pkg}`))
  while (!dir.endsWith(`@mantine/${pkg}`)) dir = dirname(dir)
  return dir
}

describe('mantineStylesPerComponent', () => {
  it.each([
    ['core', 'esm/components/Button/Button.module.mjs', '@mantine/core/styles/Button.layer.css'],
    ['dates', 'esm/components/Day/Day.module.mjs', '@mantine/dates/styles.layer.css'],
    // Modules straight under esm/, not in a component folder (issue 19: they were missed).
    ['spotlight', 'esm/Spotlight.module.mjs', '@mantine/spotlight/styles.layer.css'],
    ['notifications', 'esm/Notifications.module.mjs', '@mantine/notifications/styles.layer.css'],
  ])('gives @mantine/%s %s its stylesheet', (pkg, file, stylesheet) => {
    const id = join(root(pkg), file)
    expect(existsSync(id)).toBe(true)
    expect(transform('export default {}', id)?.code).toBe(
      `import '${stylesheet}';\nexport default {}`,
    )
    const [, sheetPkg, ...rest] = stylesheet.split('/')
    expect(existsSync(join(root(sheetPkg?.replace('@mantine/', '') ?? ''), ...rest))).toBe(true)
  })

  it('leaves every other module alone', () => {
    expect(transform('x', join(root('core'), 'esm/components/Button/Button.mjs'))).toBeNull()
    expect(transform('x', '/app/src/features/week-strip.module.css')).toBeNull()
  })
})
