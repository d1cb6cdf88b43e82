import { defineConfig, devices } from '@playwright/test'
import { e2eEnv } from './env'

// One server for the whole run, on a fresh embedded database (its directory: env.ts).
const { port } = e2eEnv
export const baseURL = `http://localhost:${port}`

const chromium = {
  executablePath: e2eEnv.chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

const mobile = {
  ...devices['Desktop Chrome'],
  viewport: { width: 390, height: 844 },
  hasTouch: true,
}
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }
const ADMIN_SPEC = /admin\.spec\.ts$/

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: e2eEnv.ci,
  retries: 0,
  workers: 2,
  // Every wait is on what the user sees; this bounds a whole test. A long flow (a password reset
  // with four sign-ins, a group's whole life) took 60-70 s on a 2-core machine loaded twice over.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'mobile', use: mobile, testIgnore: ADMIN_SPEC },
    { name: 'desktop', use: desktop, testIgnore: ADMIN_SPEC },
    // The administrator changes who may sign up on the suite's one server: after every other
    // test, one width after the other (admin.spec.ts).
    {
      name: 'admin-mobile',
      use: mobile,
      testMatch: ADMIN_SPEC,
      dependencies: ['mobile', 'desktop'],
    },
    { name: 'admin-desktop', use: desktop, testMatch: ADMIN_SPEC, dependencies: ['admin-mobile'] },
  ],
  webServer: {
    command: 'node ../apps/api/dist/server.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: !e2eEnv.ci,
    // Start-up migrates a fresh database; on a loaded 2-core machine that can take a while.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: e2eEnv.dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // The webhook tests' receiver runs on this machine (decision 142).
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      // The administrators of admin.spec.ts, one per width.
      ADMIN_EMAILS: 'admin-390@example.com,admin-1280@example.com',
      ...(e2eEnv.webDistDir ? { WEB_DIST_DIR: e2eEnv.webDistDir } : {}),
    },
  },
})
