import { chromium, type Page } from '@playwright/test'
import { createUser, expect, PASSWORD, test } from '../fixtures'

/**
 * The server as it is deployed (issue 14): called from the native shells' origins, which are
 * not the server's, and reached over plain http at a machine's name on a LAN.
 */

/** Opens an empty page at `origin` (answered by the test, not the server). */
async function openPageAt(page: Page, origin: string): Promise<void> {
  // A page the test answers has no address of its own, so Chromium counts it as public and asks
  // before it reaches the loopback server (Local Network Access); the shells load local files.
  await page.context().grantPermissions(['local-network-access'])
  await page.route(`${origin}/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>shell</title>' }),
  )
  await page.goto(`${origin}/`)
}

// Android's older http://localhost is the same site as this server (at localhost), so it is not
// trusted here (apps/api's trusted-origins.test); https://localhost is the shell's scheme.
for (const origin of ['https://localhost']) {
  test(`a native shell at ${origin} signs in, creates, edits and deletes across origins`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'no layout involved: one project is enough')
    const user = await createUser(request)
    await openPageAt(page, origin)
    const steps = await page.evaluate(
      async ({ api, email, password }) => {
        const steps: string[] = []
        const json = { 'content-type': 'application/json' }
        const signIn = await fetch(`${api}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password }),
        })
        steps.push(`sign-in ${signIn.status}`)
        const session = signIn.headers.get('set-auth-token')
        const token = await fetch(`${api}/api/auth/token`, {
          headers: { authorization: `Bearer ${session}` },
        })
        steps.push(`token ${token.status}`)
        // The session check carries an id token too, readable from the shell's origin.
        const checked = await fetch(`${api}/api/auth/get-session?disableCookieCache=true`, {
          headers: { authorization: `Bearer ${session}` },
        })
        const sessionJwt = checked.headers.get('set-auth-jwt')
        const listed = await fetch(`${api}/api/activities`, {
          headers: { authorization: `Bearer ${sessionJwt}` },
        })
        steps.push(
          `session ${checked.status} ${sessionJwt ? 'with' : 'without'} id token ${listed.status}`,
        )
        const auth = { ...json, authorization: `Bearer ${(await token.json()).token}` }
        const created = await fetch(`${api}/api/activities`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ name: 'From the shell' }),
        })
        steps.push(`create ${created.status}`)
        const url = `${api}/api/activities/${(await created.json()).id}`
        try {
          const edited = await fetch(url, {
            method: 'PUT',
            headers: auth,
            body: JSON.stringify({ name: 'Edited' }),
          })
          steps.push(`edit ${edited.status} ${(await edited.json()).name}`)
          const deleted = await fetch(url, {
            method: 'DELETE',
            headers: { authorization: auth.authorization },
          })
          steps.push(`delete ${deleted.status}`)
          const gone = await fetch(url, { headers: auth })
          steps.push(`read ${gone.status}`)
        } catch (error) {
          steps.push(`refused: ${String(error)}`)
        }
        return steps
      },
      { api: baseURL as string, email: user.email, password: PASSWORD },
    )
    expect(steps).toEqual([
      'sign-in 200',
      'token 200',
      'session 200 with id token 200',
      'create 201',
      'edit 200 Edited',
      'delete 204',
      'read 404',
    ])
  })
}

test('the app works over plain http at a LAN name, not only at localhost', async ({
  baseURL,
  request,
}, testInfo) => {
  const port = new URL(baseURL as string).port
  const launch = testInfo.project.use.launchOptions ?? {}
  // kindling.lan resolves to this machine: to the browser it is an ordinary LAN host name.
  const browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), '--host-resolver-rules=MAP kindling.lan 127.0.0.1'],
  })
  try {
    const context = await browser.newContext({ viewport: testInfo.project.use.viewport })
    const page = await context.newPage()
    const failed: string[] = []
    page.on('requestfailed', (request) => failed.push(request.url()))
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(`http://kindling.lan:${port}/signin`)
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
    expect(failed).toEqual([])
    expect(
      errors.filter((text) => /Content Security Policy|https:\/\/kindling\.lan/.test(text)),
    ).toEqual([])
    await page.screenshot({ path: testInfo.outputPath('lan-signin.png') })

    // The server's PUBLIC_URL is localhost: a page it served at the LAN name signs in all the
    // same (no other site's page could), and its habits come.
    const user = await createUser(request)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).not.toHaveURL(/\/signin/)
    await page.goto(`http://kindling.lan:${port}/activities`)
    await page.getByRole('button', { name: 'Add activity', exact: true }).click()
    await page.getByRole('textbox', { name: 'Name' }).fill('Walk')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('listitem', { name: 'Walk' })).toBeVisible()
    // Sent: the header's sync sign goes (it showed 'Sending' while the habit waited).
    await expect(
      page.getByRole('status').filter({ hasText: /Offline|Sending|Server error/ }),
    ).toHaveCount(0)
  } finally {
    await browser.close()
  }
})

test("the first screen's script leaves validation out: zod comes with the screens that check input", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'no layout involved: one project is enough')
  // A page without a screen of its own gets the entry and its static imports only.
  const body = await (await request.get('/add-event', { headers: { accept: 'text/html' } })).text()
  const scripts = [
    ...body.matchAll(
      /<script type="module"[^>]* src="([^"]+)"|<link rel="modulepreload"[^>]* href="([^"]+)"/g,
    ),
  ].map(([, src, href]) => src ?? href ?? '')
  expect(scripts.length).toBeGreaterThan(1)
  for (const script of scripts) {
    const code = await (await request.get(script)).text()
    expect(code.includes('ZodError'), script).toBe(false)
  }
})

test("a page's HTML announces its screen's code, so a first visit fetches it beside the entry", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'no layout involved: one project is enough')
  const html = { accept: 'text/html' }
  const announced = async (path: string) => {
    const response = await request.get(path, { headers: html })
    expect(response.status()).toBe(200)
    const body = await response.text()
    return [...body.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)">/g)].map(
      ([, href]) => href ?? '',
    )
  }
  // What index.html itself preloads (the entry's own files), as a page without a screen gets it.
  const entry = new Set(await announced('/add-event'))
  const screen = async (path: string) => (await announced(path)).filter((href) => !entry.has(href))
  const activities = await screen('/activities')
  expect(activities[0]).toMatch(/^\/assets\/activities-[\w-]+\.js$/)
  const detail = await screen('/activities/any-id')
  expect(detail[0]).toMatch(/^\/assets\/habit-[\w-]+\.js$/)
  expect((await screen('/'))[0]).toMatch(/^\/assets\/home-[\w-]+\.js$/)
  // Every file announced is there, as the kind of file it is announced as.
  for (const href of new Set([...activities, ...detail])) {
    const file = await request.get(href)
    expect(file.status(), href).toBe(200)
    expect(file.headers()['content-type'], href).toMatch(
      href.endsWith('.css') ? /^text\/css/ : /^text\/javascript|^application\/javascript/,
    )
  }
})

test("the locale's date data load on a worker's thread, allowed by the page's policy", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'no layout involved: one project is enough')
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refused.push(message.text())
  })
  const warmup = page.waitForResponse((response) => response.url().endsWith('/intl-warmup.js'))
  const worker = page.waitForEvent('worker')
  await page.goto('/signin')
  await expect(page.getByLabel('Email')).toBeVisible()
  expect(new URL((await worker).url()).pathname).toBe('/intl-warmup.js')
  const response = await warmup
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/javascript/)
  expect(refused).toEqual([])
})
