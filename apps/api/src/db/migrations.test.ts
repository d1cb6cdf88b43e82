import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR } from '../paths'

describe('the migrations journal', () => {
  it('numbers and times each migration after the one before (drizzle skips an older time)', () => {
    const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as {
      entries: { idx: number; tag: string; when: number }[]
    }
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index)
      expect(entry.tag.startsWith(String(index).padStart(4, '0'))).toBe(true)
      const before = journal.entries[index - 1]
      // A database migrated up to `before` applies only migrations timed after it.
      if (before) expect(entry.when, entry.tag).toBeGreaterThan(before.when)
    })
  })
})
