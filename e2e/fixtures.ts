import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  type Request,
} from '@playwright/test'
import { e2eEnv } from './env'

export { expect }

export const PASSWORD = 'correct horse battery'

export interface TestUser {
  email: string
  password: string
}

let counter = 0

/** A unique e-mail per call, across workers and runs. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`
}

function outboxDir(): string {
  return join(e2eEnv.dataDir, 'outbox')
}

const VERIFICATION_LINK = /https?:\/\/[^\s"'<>]*\/api\/auth\/verify-email\?[^\s"'<>]+/
const RESET_LINK = /https?:\/\/[^\s"'<>]*\/reset-password\?token=[^\s"'<>]+/

/** The verification link the server mailed to `email` (read from the dev outbox). */
export function findVerificationLink(email: string): Promise<string> {
  return findMailedLink(email, VERIFICATION_LINK, 'verification')
}

/** The password reset link the server mailed to `email`. */
export function findResetLink(email: string): Promise<string> {
  return findMailedLink(email, RESET_LINK, 'password reset')
}

async function findMailedLink(email: string, link: RegExp, kind: string): Promise<string> {
  await expect
    .poll(() => readMailedLink(email, link), { message: `${kind} mail to ${email}` })
    .not.toBeNull()
  return readMailedLink(email, link) as string
}

/** The newest link matching `link` in a mail to `email` in the dev outbox. */
function readMailedLink(email: string, link: RegExp): string | null {
  let files: string[]
  try {
    files = readdirSync(outboxDir())
  } catch {
    return null
  }
  for (const file of files.sort().reverse()) {
    const text = readFileSync(join(outboxDir(), file), 'utf8')
    if (!text.includes(email)) continue
    const unfolded = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    const match = unfolded.match(link)
    if (match) return match[0].replace(/&amp;/g, '&')
  }
  return null
}

/** Creates an account through the API; `verified` also follows the mailed link. */
export async function createUser(
  request: APIRequestContext,
  { verified = true, email = uniqueEmail() }: { verified?: boolean; email?: string } = {},
): Promise<TestUser> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: origin },
    data: { email, password: PASSWORD, name: '' },
  })
  expect(response.ok(), await response.text()).toBeTruthy()
  if (verified) {
    const link = await findVerificationLink(email)
    const verify = await request.get(link, { maxRedirects: 0 })
    expect(verify.status()).toBeLessThan(400)
  }
  return { email, password: PASSWORD }
}

/** Signs `user` in through the sign-in screen and waits until the app has left it. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signin')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).not.toHaveURL(/\/signin/)
}

/**
 * Signs `user` in as the sign-in screen does (the same request, its cookie kept by `page`'s
 * browser context) and opens the app: for tests about what comes after signing in. The screen
 * itself is walked by `signIn` and auth.spec.ts.
 */
export async function signInThroughApi(page: Page, user: TestUser): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin
  const response = await page.request.post('/api/auth/sign-in/email', {
    headers: { Origin: origin },
    data: { email: user.email, password: user.password },
  })
  expect(response.ok(), await response.text()).toBeTruthy()
  await page.goto('/')
}

/** A bearer id token for `page`'s signed-in session, for seeding data through the API. */
export async function getIdToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/token')
  expect(response.ok()).toBeTruthy()
  const body = (await response.json()) as { token: string }
  return body.token
}

/** Calls the data API as the signed-in user of `page`. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const token = await getIdToken(page)
  const response = await page.request.fetch(`/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  })
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy()
  return (response.status() === 204 ? undefined : await response.json()) as T
}

/**
 * Waits until the app shell is cached and `page` is controlled by the service worker, as the
 * offline shell and notifications need. The worker installs once the page has loaded (caching
 * the whole shell); a page it did not take over at once is reloaded, as a user's next visit
 * would be: a load after the worker is active is always controlled.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  const controlled = () => page.evaluate(() => Boolean(navigator.serviceWorker.controller))
  if (!(await controlled())) await page.reload()
  await expect.poll(controlled).toBe(true)
}

/**
 * Holds back every request of `page` matching `url` (a slow server, a slow chunk) until the
 * returned function is called; then they go on to the server.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** The live change stream (decision 119): open as long as the app is in view. */
export const isLiveStream = (url: string) => new URL(url).pathname === '/api/sync/stream'

/**
 * Follows `page`'s requests from now on; `settled()` waits until none has been in flight for
 * 500 ms, the live change stream aside. Playwright's 'networkidle' leaves out only EventSource
 * streams, and the app reads its stream with fetch() (EventSource cannot send the id token), so
 * with the app in view 'networkidle' never comes.
 */
export function followRequests(page: Page) {
  const inFlight = new Set<Request>()
  let changedAt = Date.now()
  page.on('request', (request) => {
    if (isLiveStream(request.url())) return
    inFlight.add(request)
    changedAt = Date.now()
  })
  const done = (request: Request) => {
    if (inFlight.delete(request)) changedAt = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return {
    settled: () =>
      expect
        .poll(() => inFlight.size === 0 && Date.now() - changedAt >= 500, { intervals: [100] })
        .toBe(true),
  }
}

/** Fails on serious or critical accessibility violations of the current screen. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => `${n.target} (${n.failureSummary})`).join(', ')}`,
    ),
  ).toEqual([])
}

interface Fixtures {
  /** A fresh verified user, signed in on `page`. */
  signedInPage: { page: Page; user: TestUser }
}

export const test = base.extend<Fixtures>({
  signedInPage: async ({ page, request }, use) => {
    const user = await createUser(request)
    await signInThroughApi(page, user)
    await use({ page, user })
  },
})

/**
 * Opens a habit's page at its settings: beside the page on wide layouts, behind the 'Settings'
 * tab on a phone.
 */
export async function openHabitSettings(page: Page, id: string, name: string): Promise<void> {
  await page.goto(`/activities/${id}`)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  if (test.info().project.name === 'mobile')
    await page.getByRole('tab', { name: 'Settings' }).click()
}

/**
 * Runs an action of a group's menu as each layout offers it: a bottom drawer of buttons on
 * mobile, a dropdown menu on wide screens. Either is gone once the action has run.
 */
export async function groupAction(page: Page, group: string, action: string) {
  await page.getByRole('button', { name: `Group menu for ${group}` }).click()
  if (test.info().project.name === 'mobile') {
    const drawer = page.getByRole('dialog', { name: group, exact: true })
    await drawer.getByRole('button', { name: action }).click()
    await expect(drawer).toBeHidden()
  } else {
    const menu = page.getByRole('menu')
    await menu.getByRole('menuitem', { name: action }).click()
    await expect(menu).toBeHidden()
  }
}

/**
 * The open form: the modal dialog on wide layouts, the form page on mobile. On mobile the form
 * is looked for, not the page, so that a field of the screen being left (the Settings tab's
 * Name) is never typed into while the form page still loads.
 */
export function form(page: Page) {
  return test.info().project.name === 'desktop'
    ? page.getByRole('dialog')
    : page.locator('main').locator('form')
}

/**
 * An action of a day's menu (issue 49: 'Add event', 'Skip this day', 'Undo skip'): a menu item
 * beside the day on wide layouts, a button of the bottom drawer on the mobile one.
 */
export function dayAction(page: Page, name: string) {
  return page
    .getByRole('menuitem', { name, exact: true })
    .or(page.getByRole('dialog').getByRole('button', { name, exact: true }))
}
