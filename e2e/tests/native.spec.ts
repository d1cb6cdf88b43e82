import type { Page, Response } from '@playwright/test'
import { api, createUser, expect, signIn, test } from '../fixtures'
import {
  getNativeCalls,
  getNativePreferences,
  type NativePlatform,
  simulateNative,
} from './native-bridge'

/**
 * The app as the iOS and Android shells run it (SPEC §1, §2, §7, §8): the same build with
 * Capacitor's native bridge faked at the window (see native-bridge.ts), at phone size.
 */

const SIGN_OUT_MESSAGE = 'Are you sure you want to sign out?'

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click()
  return page.getByRole('dialog')
}

for (const platform of ['ios', 'android'] as NativePlatform[]) {
  test.describe(`native ${platform}`, () => {
    test.beforeEach(async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== 'mobile', 'the native shells run at phone size')
      await simulateNative(page, { platform })
    })

    test('the side menu shows the app version and build', async ({ page, request }) => {
      await signIn(page, await createUser(request))
      const menu = await openMenu(page)
      await expect(menu.getByText('Version 1.4.0 (build 27)')).toBeVisible()
      expect(await getNativeCalls(page, 'App.getInfo')).not.toHaveLength(0)
      await page.screenshot({ path: test.info().outputPath(`native-${platform}-drawer.png`) })
    })

    test('Log Out asks the native confirm: Cancel stays, OK signs out', async ({
      page,
      request,
    }) => {
      await signIn(page, await createUser(request))
      await page.goto('/me')
      await page.evaluate(() => {
        window.__nativeFake.confirmAnswers.push(false, true)
      })

      await page.getByRole('button', { name: 'Log Out' }).click()
      await expect.poll(async () => (await getNativeCalls(page, 'Dialog.confirm')).length).toBe(1)
      const [asked] = await getNativeCalls(page, 'Dialog.confirm')
      expect(asked?.options).toMatchObject({ message: SIGN_OUT_MESSAGE })
      await expect(page).toHaveURL(/\/me$/)
      await expect(page.getByText('Verified', { exact: true })).toBeVisible()

      await page.getByRole('button', { name: 'Log Out' }).click()
      await expect(page).toHaveURL(/\/signin$/)
      expect(await getNativeCalls(page, 'Dialog.confirm')).toHaveLength(2)
      // The bearer session is forgotten with the sign-out.
      expect(Object.values(await getNativePreferences(page))).toEqual([])
    })

    test('the bearer session lives in Preferences and survives without cookies', async ({
      page,
      request,
    }) => {
      await signIn(page, await createUser(request))
      const stored = await getNativePreferences(page)
      expect(Object.values(stored)).toHaveLength(1)
      // A restart of the native app keeps no WebView cookie for the API's origin.
      await page.context().clearCookies()
      await page.goto('/me')
      await expect(page.getByText('Verified', { exact: true })).toBeVisible()
      expect(await getNativeCalls(page, 'Preferences.get')).not.toHaveLength(0)
    })

    test('the keyboard plugin hides the tab bar while shown', async ({ page, request }) => {
      await signIn(page, await createUser(request))
      await page.goto('/schedule')
      const tabs = page.getByRole('navigation', { name: 'Tabs' })
      await expect(tabs).toBeVisible()
      await expect
        .poll(async () => (await getNativeCalls(page, 'Keyboard.addListener')).length)
        .toBe(2)
      await page.evaluate(() => window.__nativeFake.emit('Keyboard', 'keyboardWillShow'))
      await expect(tabs).toHaveCount(0)
      await page.evaluate(() => window.__nativeFake.emit('Keyboard', 'keyboardWillHide'))
      await expect(tabs).toBeVisible()
    })

    test('a 401 from the real server force-refreshes the id token and retries once', async ({
      page,
      request,
    }) => {
      const user = await createUser(request)
      // Seed through the API with the browser context's cookie session.
      const origin = new URL(test.info().project.use.baseURL ?? '').origin
      const signInResponse = await page.request.post('/api/auth/sign-in/email', {
        headers: { Origin: origin },
        data: user,
      })
      expect(signInResponse.ok()).toBeTruthy()
      const activity = await api<{ id: string; name: string }>(page, 'POST', 'activities', {
        name: 'Stretch',
      })

      // The app's first id token comes back with a broken signature: the server refuses it.
      let tokenCalls = 0
      await page.route('**/api/auth/token', async (route) => {
        tokenCalls += 1
        const response = await route.fetch()
        if (tokenCalls > 1) return route.fulfill({ response })
        const { token } = (await response.json()) as { token: string }
        const [header, payload] = token.split('.')
        return route.fulfill({ response, json: { token: `${header}.${payload}.invalidsignature` } })
      })
      // The device's copy is filled by the change feed: its first request carries the broken
      // token, is refused, and is sent again once with a fresh one.
      const feedCalls: Response[] = []
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/sync/changes') feedCalls.push(response)
      })

      await page.goto('/activities')
      await expect(page.getByRole('link', { name: activity.name })).toBeVisible({ timeout: 30_000 })
      const [first, second] = feedCalls
      expect(first?.status()).toBe(401)
      expect(first?.request().headers().authorization).toMatch(/invalidsignature$/)
      expect(second?.status()).toBe(200)
      expect(second?.request().headers().authorization).not.toMatch(/invalidsignature$/)
      // One refusal, one refresh: the first token and the fresh one.
      expect(tokenCalls).toBe(2)
    })
  })
}

test('native keeps the mobile layout and page forms on a wide screen', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'checks a wide window')
  await simulateNative(page, { platform: 'ios' })
  await signIn(page, await createUser(request))
  await page.goto('/schedule')
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Toggle fullscreen' })).toHaveCount(0)
  // A form opens as a page, as on a phone, not as a dialog.
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('button', { name: 'Add Activity' }).click()
  await expect(page).toHaveURL(/\/add-activity$/)
  await expect(page.getByRole('heading', { name: 'Add Activity', level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Add Activity' })).toHaveCount(0)
})
