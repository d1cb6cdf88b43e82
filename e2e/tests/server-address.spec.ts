import { request as httpRequest } from 'node:http'
import { createServer as createHttpsServer, type Server } from 'node:https'
import { createServer as createNetServer } from 'node:net'
import type { Page } from '@playwright/test'
import { createUser, expect, test } from '../fixtures'
import {
  getNativeCalls,
  getNativePreferences,
  type NativePlatform,
  simulateNative,
} from './native-bridge'
import { exposeDeviceHttp, makeCertificate } from './native-http'

/*
 * 'Your Kindling server' (issue 53): the published native app, with no server built in, asks
 * for one. The app runs at a shell's origin (https://localhost, Android's) and talks to the
 * server across origins, over https: a proxy with a certificate the device trusts in front of
 * this test's server. Every failure of 'Connect' is told in words.
 */

const SHELL = 'https://localhost'
const trusted = makeCertificate('trusted')
const untrusted = makeCertificate('untrusted')

let proxy: Server
let stranger: Server
let proxyUrl = ''
let strangerUrl = ''
let closedUrl = ''

const json = (body: unknown) => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** What the trusted https host answers: other sites under three paths, the real server elsewhere. */
function answerAs(
  path: string,
): { status: number; headers: Record<string, string>; body: string } | null {
  if (path === '/old/api/instance')
    return { ...json({ error: { code: 'not-found' } }), status: 404 }
  if (path === '/old/api/health') return json({ status: 'ok', database: 'pglite' })
  if (path === '/new/api/instance') {
    return json({
      product: 'kindling',
      name: 'Kindling',
      version: '9.0.0',
      apiVersion: 99,
      signUpPolicy: 'open',
      signInMethods: ['password'],
      oidc: null,
    })
  }
  if (path.startsWith('/blog/')) {
    return { status: 200, headers: { 'content-type': 'text/html' }, body: '<h1>My blog</h1>' }
  }
  return null
}

test.beforeAll(async ({ baseURL }) => {
  const target = new URL(baseURL as string)
  proxy = createHttpsServer(trusted, (request, response) => {
    const canned = answerAs(new URL(request.url ?? '/', 'https://x').pathname)
    if (canned) {
      response.writeHead(canned.status, canned.headers).end(canned.body)
      return
    }
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', () => response.destroy())
    request.pipe(upstream)
  })
  stranger = createHttpsServer(untrusted, (_request, response) => response.end('{}'))
  const listen = (server: Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    )
  proxyUrl = `https://localhost:${await listen(proxy)}`
  strangerUrl = `https://localhost:${await listen(stranger)}`
  // A port nothing listens on.
  const probe = createNetServer()
  const closedPort = await new Promise<number>((resolve) =>
    probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
  )
  await new Promise((resolve) => probe.close(resolve))
  closedUrl = `https://localhost:${closedPort}`
})

test.afterAll(async () => {
  proxy?.close()
  stranger?.close()
})

/** Runs the app as the shell does: its files at https://localhost, from the test's server. */
async function openShell(page: Page, baseURL: string) {
  await page.context().grantPermissions(['local-network-access'])
  await page.route(`${SHELL}/**`, async (route) => {
    const url = new URL(route.request().url())
    const response = await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` })
    // The shells load local files: no server's Content-Security-Policy applies to the page.
    const headers = { ...response.headers() }
    delete headers['content-security-policy']
    await route.fulfill({ response, headers })
  })
  await page.goto(`${SHELL}/`)
}

async function connect(page: Page, address: string) {
  await page.getByLabel('Server address').fill(address)
  await page.getByRole('button', { name: 'Connect' }).click()
}

for (const platform of ['ios', 'android'] as NativePlatform[]) {
  test.describe(`the published ${platform} app`, () => {
    test.use({ ignoreHTTPSErrors: true })

    test.beforeEach(async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== 'mobile', 'the native shells run at phone size')
      await simulateNative(page, { platform, server: null })
      await exposeDeviceHttp(page, [trusted.cert])
    })
    // The shell's files come through `openShell`'s route: a fetch of code still under way when
    // the test ends (the app fetches some ahead, at idle) is the page's, not a failure.
    test.afterEach(async ({ page }) => {
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    })

    test('asks for its server and explains every failure of Connect in words', async ({
      page,
      baseURL,
    }) => {
      await openShell(page, baseURL as string)
      await expect(page).toHaveURL(`${SHELL}/server`)
      await expect(page.getByRole('heading', { name: 'Your Kindling server' })).toBeVisible()
      // Signed out and serverless, every page leads here.
      await page.goto(`${SHELL}/signin`)
      await expect(page).toHaveURL(`${SHELL}/server`)
      await page.screenshot({ path: test.info().outputPath(`server-${platform}-empty.png`) })

      const alert = page.getByRole('alert')
      const failures: [string, string][] = [
        ['', 'Enter the address of your Kindling server.'],
        [
          baseURL as string,
          'The address must start with https:// (the app talks to servers over HTTPS only).',
        ],
        [
          'https://exa mple',
          'This is not a server address. It looks like https://kindling.example.com.',
        ],
        [
          closedUrl,
          `No answer from ${new URL(closedUrl).host}. Check the address, and that the server is running and reachable from this device.`,
        ],
        [
          strangerUrl,
          `${new URL(strangerUrl).host} answered with a certificate this device does not trust. Give the server a certificate from a public authority (such as Let's Encrypt), or install yours on this device.`,
        ],
        [
          `${proxyUrl}/blog`,
          `${new URL(proxyUrl).host} answered, but it is not a Kindling server. Check the address.`,
        ],
        [
          `${proxyUrl}/old`,
          `${new URL(proxyUrl).host} runs an older Kindling, which is too old for this app. Ask its administrator to update it.`,
        ],
        [
          `${proxyUrl}/new/`,
          `${new URL(proxyUrl).host} runs Kindling 9.0.0, which is too new for this app. Update the app.`,
        ],
      ]
      for (const [address, message] of failures) {
        await connect(page, address)
        await expect(alert, address).toHaveText(message)
        await expect(page).toHaveURL(`${SHELL}/server`)
      }
      await page.screenshot({ path: test.info().outputPath(`server-${platform}-failure.png`) })
      expect(await getNativeCalls(page, 'CapacitorHttp.get')).not.toHaveLength(0)
      expect(await getNativePreferences(page)).toEqual({})
    })

    test('connects across origins, signs in, and Change server signs out after confirming', async ({
      page,
      baseURL,
      request,
    }) => {
      const user = await createUser(request)
      await openShell(page, baseURL as string)
      // The host alone will do: https:// is understood.
      await connect(page, new URL(proxyUrl).host)
      await expect(page).toHaveURL(`${SHELL}/signin`)
      expect((await getNativePreferences(page)).kindlingServer).toBe(proxyUrl)

      await page.getByLabel('Email').fill(user.email)
      await page.getByLabel('Password').fill(user.password)
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect(page).toHaveURL(`${SHELL}/schedule`)
      const session = (await getNativePreferences(page)).kindlingSessionToken as string
      expect(session).toBeTruthy()

      await page.getByRole('button', { name: 'Open menu' }).click()
      const menu = page.getByRole('dialog')
      await expect(menu.getByText(`Server: ${new URL(proxyUrl).host}`)).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`server-${platform}-menu.png`) })

      await page.evaluate(() => window.__nativeFake.confirmAnswers.push(false, true))
      await menu.getByRole('button', { name: 'Change server' }).click()
      await expect.poll(async () => (await getNativeCalls(page, 'Dialog.confirm')).length).toBe(1)
      const [asked] = await getNativeCalls(page, 'Dialog.confirm')
      expect(asked?.options).toMatchObject({
        title: 'Change server?',
        message: `Changing the server signs you out of ${new URL(proxyUrl).host}.`,
      })
      await expect(page).toHaveURL(`${SHELL}/schedule`)

      await menu.getByRole('button', { name: 'Change server' }).click()
      await expect(page).toHaveURL(/\/server\?address=/)
      await expect(page.getByLabel('Server address')).toHaveValue(proxyUrl)
      expect(await getNativePreferences(page)).toEqual({})
      // The session ended on the server, not only on the device.
      const ended = await request.get(`${baseURL}/api/auth/get-session`, {
        headers: { authorization: `Bearer ${session}` },
      })
      expect(await ended.json()).toBeNull()
    })
  })
}
