import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/api', 'apps/web'],
    coverage: {
      // The domain core must stay exhaustively tested (issue 2): its line coverage is shown by
      // every test run and gates it. App and server code are covered by their own suites and
      // the browser tests instead.
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts', '**/test-fixtures.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
})
