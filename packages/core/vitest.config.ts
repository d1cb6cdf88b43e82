import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    // A few tests walk a year of days or a heavy user's 140k events: about a second alone, several
    // on a loaded 2-core machine. Their speed is the bench's business, not a test's.
    testTimeout: 30_000,
  },
})
