import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Provider from 'oidc-provider'
import { expect, test } from '../fixtures'
import { getNativeCalls, getNativePreferences, simulateNative } from './native-bridge'

/*
 * Single sign-on in the native shells (issue 53, decision 136), end to end: a Kindling server
 * of its own with OIDC configured (the suite's one has none), a real OpenID provider
 * (`oidc-provider`) on 127.0.0.1, the app with the iOS bridge faked, and the system browser as
 * a browser context of its own (its own cookies). The browser's last redirect, to the app's URL
 * scheme, is handed to the app as the system would: the App plugin's `appUrlOpen`.
 */

const SERVER_JS = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url))
const BUTTON = 'Sign in with Authentik'
const person = { sub: 'nora', email: 'nora-sso@example.com', name: 'Nora' }

let provider: Server
let kindling: ChildProcess | undefined
let dataDir = ''
let kindlingUrl = ''

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** The provider, whose login and consent pages let `person` in at once. */
async function startProvider(redirectUri: string): Promise<string> {
  provider = createServer()
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(provider.address() as { port: number }).port}`
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'kindling',
        client_secret: 'a client secret of the test',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: person.email,
        email_verified: true,
        name: person.name,
      }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: ['cookie key of the test provider'] },
    pkce: { required: () => true },
  })
  const interaction = async (request: IncomingMessage, response: ServerResponse) => {
    const details = await oidc.interactionDetails(request, response)
    if (details.prompt.name === 'login') {
      await oidc.interactionFinished(
        request,
        response,
        { login: { accountId: person.sub } },
        { mergeWithLastSubmission: false },
      )
      return
    }
    const grant = new oidc.Grant({
      accountId: String(details.session?.accountId),
      clientId: String(details.params.client_id),
    })
    grant.addOIDCScope(String(details.params.scope))
    await oidc.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    )
  }
  const callback = oidc.callback()
  provider.on('request', (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      interaction(request, response).catch((error: unknown) => {
        response.statusCode = 500
        response.end(String(error))
      })
      return
    }
    callback(request, response)
  })
  return issuer
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright hands a hook the fixtures its pattern names: none here.
test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'mobile') return
  // Start-up migrates a fresh database: slow on a loaded machine.
  testInfo.setTimeout(180_000)
  const port = await freePort()
  kindlingUrl = `http://localhost:${port}`
  const issuer = await startProvider(`${kindlingUrl}/api/auth/callback/oidc`)
  dataDir = mkdtempSync(join(tmpdir(), 'kindling-e2e-sso-'))
  kindling = spawn(process.execPath, [SERVER_JS], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: kindlingUrl,
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'kindling',
      OIDC_CLIENT_SECRET: 'a client secret of the test',
      OIDC_BUTTON: BUTTON,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${kindlingUrl}/api/health`)).status
        } catch {
          return 0
        }
      },
      { timeout: 170_000 },
    )
    .toBe(200)
})

test.afterAll(async () => {
  if (kindling && kindling.exitCode === null) {
    const exited = new Promise((resolve) => kindling?.once('exit', resolve))
    kindling.kill('SIGTERM')
    await exited
  }
  provider?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('the native app signs in through the system browser and comes back signed in', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the native shells run at phone size')
  await simulateNative(page, { platform: 'ios' })
  await page.goto(`${kindlingUrl}/signin`)
  await page.getByRole('button', { name: BUTTON }).click()

  await expect.poll(async () => (await getNativeCalls(page, 'Browser.open')).length).toBe(1)
  const [opened] = await getNativeCalls(page, 'Browser.open')
  const start = String(opened?.options.url)
  expect(start).toContain('/api/auth/native/start?')

  // The system browser: its own cookies. Its last hop leads to the app's URL scheme, which a
  // browser page cannot open (the navigation stops there): the test reads where it led and
  // hands that to the app, as the system does.
  const systemBrowser = await browser.newContext()
  const tab = await systemBrowser.newPage()
  const returned = tab.waitForResponse(/\/api\/auth\/native\/return\?/)
  await tab.goto(start).catch(() => undefined)
  const backToApp = (await returned).headers().location ?? ''
  expect(backToApp).toMatch(/^app\.kindling:\/\/single-sign-on\?code=/)
  await systemBrowser.close()

  await page.evaluate((url) => window.__nativeFake.emit('App', 'appUrlOpen', { url }), backToApp)
  await expect(page).not.toHaveURL(/\/signin/)
  await expect
    .poll(async () => (await getNativePreferences(page)).kindlingSessionToken)
    .toBeTruthy()
  expect(await getNativeCalls(page, 'Browser.close')).not.toHaveLength(0)
  await page.goto(`${kindlingUrl}/me`)
  await expect(page.getByText(person.email, { exact: true })).toBeVisible()
})
