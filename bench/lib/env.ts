/*
 * Every knob of the bench, read from the environment in one place (README: `npm run bench`).
 * Numbers are seconds or counts; a flag is on when set to anything.
 */
const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const list = (name: string) => process.env[name]?.split(/[ ,]/).filter(Boolean)

export const benchEnv = {
  /** The watchdog: the run ends with what it has after this many seconds. */
  limitSeconds: number('BENCH_LIMIT_SECONDS', 1200),
  fuzzBackends: list('BENCH_FUZZ_BACKENDS'),
  apiSeconds: number('BENCH_API_SECONDS', 5),
  growthRounds: number('BENCH_GROWTH_ROUNDS', 3),
  writers: number('BENCH_WRITERS', 100),
  /** Reminders due at one instant in the reminders section (issue 55). */
  reminders: number('BENCH_REMINDERS', 10_000),
  /** The streams section (issue 55): users, devices (one live stream each), writers, rounds. */
  streamUsers: number('BENCH_STREAM_USERS', 1000),
  streamDevices: number('BENCH_STREAM_DEVICES', 5),
  /** The share of all devices that write at once in each round, in percent. */
  streamWritePercent: number('BENCH_STREAM_WRITE_PERCENT', 1),
  streamRounds: number('BENCH_STREAM_ROUNDS', 3),
  /** The nodes' MAX_CONNECTIONS in the streams section (the server's default is 1000). */
  streamMaxConnections: number('BENCH_STREAM_MAX_CONNECTIONS', 10_000),
  writeSeconds: number('BENCH_WRITE_SECONDS', 60),
  importBaselineSeconds: number('BENCH_IMPORT_BASELINE_SECONDS', 8),
  fuzzRuns: number('BENCH_FUZZ_RUNS', 2500),
  fuzzSeconds: number('BENCH_FUZZ_SECONDS', 60),
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  /** The command that restarts PostgreSQL (Debian's pg_ctlcluster when not given). */
  postgresRestart: process.env.BENCH_PG_RESTART,
  skipPostgresRestart: Boolean(process.env.BENCH_SKIP_PG_RESTART),
  /** e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server under the bench's load. */
  serverNodeArgs: list('BENCH_SERVER_NODE_ARGS') ?? [],
  webDist: process.env.BENCH_WEB_DIST ?? '/tmp/bench-dist',
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  skipLighthouse: Boolean(process.env.BENCH_SKIP_LIGHTHOUSE),
  /**
   * Only the heavy user's screens at 4x (first drawing's longest task, logging's Event Timing):
   * no Lighthouse, no other web rows; for comparing two builds quickly (issue 55).
   */
  heavyScreensOnly: Boolean(process.env.BENCH_WEB_HEAVY_ONLY),
  /** Where to keep each page's whole Lighthouse report (JSON), to read what a score is made of. */
  lighthouseDir: process.env.BENCH_LIGHTHOUSE_DIR,
  /**
   * 'devtools' throttles the page's real network and CPU (slow 4G, 4x) instead of simulating
   * them: slower to run, but it shows the order requests really wait in (decision 103).
   */
  lighthouseThrottling: (process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools'
    ? 'devtools'
    : 'simulate') as 'devtools' | 'simulate',
  /**
   * Where to keep a CPU profile of each account's first visit to each page (.cpuprofile), and of
   * the heavy user's screens at 4x with their long animation frames (.frames.json).
   */
  profileDir: process.env.BENCH_WEB_PROFILE_DIR,
  /**
   * Where to keep a Chromium trace (devtools.timeline: style, layout, paint by element counts) of
   * the heavy user's taps at 4x, one file per page, to read in DevTools' Performance panel.
   */
  traceDir: process.env.BENCH_WEB_TRACE_DIR,
  /**
   * Build the app unminified, so a profile names its functions. The run's sizes and scores are
   * then not the real build's: read profiles from such a run, not figures.
   */
  unminified: Boolean(process.env.BENCH_WEB_UNMINIFIED),
}
