import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MANTINE_USE_ID, mantineUseId } from './mantine-use-id'

const require = createRequire(import.meta.url)
const hooks = dirname(require.resolve('@mantine/hooks')).replace(/(@mantine\/hooks).*$/, '$1')
const resolveId = mantineUseId().resolveId as (source: string, importer?: string) => string | null

describe('mantineUseId', () => {
  it("hands Mantine's hooks the app's useId, by both paths they import it", () => {
    expect(existsSync(join(hooks, 'esm/use-id/use-id.mjs'))).toBe(true)
    expect(resolveId('./use-id/use-id.mjs', join(hooks, 'esm/index.mjs'))).toBe(MANTINE_USE_ID)
    expect(
      resolveId('../use-id/use-id.mjs', join(hooks, 'esm/use-uncontrolled/use-uncontrolled.mjs')),
    ).toBe(MANTINE_USE_ID)
    expect(existsSync(MANTINE_USE_ID)).toBe(true)
  })

  it('leaves every other import alone', () => {
    expect(resolveId('./use-id/use-id.mjs', '/app/src/features/x.ts')).toBeNull()
    expect(resolveId('./use-idle/use-idle.mjs', join(hooks, 'esm/index.mjs'))).toBeNull()
  })
})
