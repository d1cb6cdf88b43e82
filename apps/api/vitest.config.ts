import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // A suite's server starts PGlite and runs every migration: seconds alone, over a minute on a
    // 2-core machine running other suites beside it.
    hookTimeout: 120_000,
    // Every suite's database starts as a copy of one migrated before the run.
    globalSetup: ['src/test/global-setup.ts'],
  },
})
