import type { Page, Response } from '@playwright/test'
import { api, createUser, expect, signIn, test } from '../fixtures'
import {
  getNativeCalls,
  getNativePreferences,
  getPendingNotifications,
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
      await expect
        .poll(async () => (await getNativePreferences(page)).kindlingSessionToken)
        .toBeUndefined()
    })

    test('the bearer session lives in Preferences and survives without cookies', async ({
      page,
      request,
    }) => {
      await signIn(page, await createUser(request))
      const stored = await getNativePreferences(page)
      // Beside the server the device chose (issue 53).
      expect(Object.keys(stored).sort()).toEqual(['kindlingServer', 'kindlingSessionToken'])
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

    test('offline, an event waits on the device and reaches the server once when back', async ({
      page,
      request,
      context,
    }) => {
      await signIn(page, await createUser(request))
      await api(page, 'POST', 'activities', { name: 'Stretch' })
      await page.goto('/events')
      await expect(page.getByRole('heading', { name: 'History (0 events)' })).toBeVisible()
      // A shell loads the app's files from the device; here they come from the server, so the
      // form's code is fetched once while online.
      await page.getByRole('button', { name: 'Add event' }).click()
      await expect(page.getByRole('combobox', { name: 'Activity', exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Back' }).click()
      await expect(page.getByRole('heading', { name: 'History (0 events)' })).toBeVisible()

      await context.setOffline(true)
      await page.getByRole('button', { name: 'Add event' }).click()
      const activity = page.getByRole('combobox', { name: 'Activity', exact: true })
      if ((await activity.inputValue()) !== 'Stretch') {
        await activity.click()
        await page.getByRole('option', { name: 'Stretch', exact: true }).click()
      }
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByRole('heading', { name: 'History (1 events)' })).toBeVisible()
      const waiting = page.getByRole('status').filter({ hasText: /Offline|Sending/ })
      await expect(waiting).toContainText('1 change waiting to be sent')

      await context.setOffline(false)
      await expect(waiting).toHaveCount(0)
      expect(await api<unknown[]>(page, 'GET', 'events')).toHaveLength(1)
    })

    test.describe('reminders as local notifications', () => {
      test.use({ timezoneId: 'Europe/Berlin' })

      test("the next 7 days are planned, at most 64, and today's goes once the habit is done", async ({
        page,
        request,
      }) => {
        // Today at 00:30 in Berlin, so every reminder of today is still ahead. (Berlin's
        // offset at 00:30 UTC is that of its 00:30: clocks change at 01:00 UTC.)
        const berlin = (options: Intl.DateTimeFormatOptions, at: Date) =>
          new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', ...options }).format(at)
        const today = berlin({}, new Date())
        const offset = new Intl.DateTimeFormat('en-US', {
          timeZone: 'Europe/Berlin',
          timeZoneName: 'longOffset',
        })
          .formatToParts(new Date(`${today}T00:30:00Z`))
          .find((part) => part.type === 'timeZoneName')
          ?.value.replace('GMT', '')
        const now = new Date(`${today}T00:30:00${offset || '+00:00'}`)
        await page.clock.setFixedTime(now)
        await signIn(page, await createUser(request))
        const stretch = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
        await api(page, 'POST', 'reminders', { activityId: stretch.id, time: '09:00' })
        await page.reload()

        await expect.poll(async () => (await getPendingNotifications(page)).length).toBe(7)
        const week = await getPendingNotifications(page)
        expect(week[0]).toMatchObject({
          title: 'Stretch',
          extra: { activityId: stretch.id, day: today },
        })
        const localTime = (at: string) =>
          berlin({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, new Date(at))
        expect(week.map((item) => localTime(item.schedule.at))).toEqual(Array(7).fill('09:00'))
        expect(new Set(week.map((item) => item.extra?.day)).size).toBe(7)

        // Done today: today's Stretch is cancelled, the rest of the week stays.
        await page.goto('/events')
        await expect(page.getByRole('heading', { name: 'History (0 events)' })).toBeVisible()
        await page.getByRole('button', { name: 'Add event' }).click()
        const activity = page.getByRole('combobox', { name: 'Activity', exact: true })
        if ((await activity.inputValue()) !== 'Stretch') {
          await activity.click()
          await page.getByRole('option', { name: 'Stretch', exact: true }).click()
        }
        await page.getByRole('button', { name: 'Save' }).click()
        await expect(page.getByRole('heading', { name: 'History (1 events)' })).toBeVisible()
        await expect.poll(async () => (await getPendingNotifications(page)).length).toBe(6)
        const days = (await getPendingNotifications(page)).map((item) => item.extra?.day)
        expect(days).not.toContain(today)

        // Ten reminders more: 76 in the week, of which the app plans the earliest 64 (iOS
        // keeps no more), so nothing of the week's last day is pending.
        const read = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Read' })
        for (let minute = 0; minute < 10; minute += 1) {
          await api(page, 'POST', 'reminders', { activityId: read.id, time: `10:0${minute}` })
        }
        await page.reload()
        await expect.poll(async () => (await getPendingNotifications(page)).length).toBe(64)
        const lastDay = new Date(Date.parse(`${today}T12:00:00Z`) + 6 * 86_400_000)
          .toISOString()
          .slice(0, 10)
        const capped = await getPendingNotifications(page)
        expect(capped.map((item) => item.extra?.day)).not.toContain(lastDay)
        expect(capped.filter((item) => item.title === 'Read').length).toBeGreaterThan(50)
      })
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

      // The app's first id token, the one its session check hands over, comes back with a
      // broken signature: the server refuses it.
      let sessionChecks = 0
      await page.route('**/api/auth/get-session*', async (route) => {
        sessionChecks += 1
        const response = await route.fetch()
        const token = response.headers()['set-auth-jwt']
        if (sessionChecks > 1 || !token) return route.fulfill({ response })
        const [header, payload] = token.split('.')
        const headers = {
          ...response.headers(),
          'set-auth-jwt': `${header}.${payload}.invalidsignature`,
        }
        return route.fulfill({ response, headers })
      })
      let tokenCalls = 0
      await page.route('**/api/auth/token', async (route) => {
        tokenCalls += 1
        await route.fallback()
      })
      // Whichever request goes first (the change feed, or the settings the app reads and saves
      // at start) carries the broken token, is refused, and is sent again once with a fresh one.
      const apiCalls: Response[] = []
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname
        if (path.startsWith('/api/') && !path.startsWith('/api/auth/')) apiCalls.push(response)
      })

      await page.goto('/activities')
      await expect(page.getByRole('link', { name: activity.name })).toBeVisible({ timeout: 30_000 })
      const broken = (response: Response) =>
        /invalidsignature$/.test(response.request().headers().authorization ?? '')
      const same = (a: Response, b: Response) =>
        a.url() === b.url() && a.request().method() === b.request().method()
      /**
       * The change feed and writes refused with the broken token and not (yet) answered when
       * sent again. (A read of the settings may be refused too and then dropped rather than
       * sent again: the time-zone save that follows it at start cancels it.)
       */
      const notRetried = () =>
        apiCalls
          .filter(broken)
          .filter(
            (refused) =>
              new URL(refused.url()).pathname === '/api/sync/changes' ||
              refused.request().method() !== 'GET',
          )
          .filter(
            (refused) =>
              refused.status() !== 401 ||
              !apiCalls
                .slice(apiCalls.indexOf(refused) + 1)
                .some((later) => same(later, refused) && !broken(later) && later.ok()),
          )
          .map((refused) => `${refused.request().method()} ${refused.url()} ${refused.status()}`)
      // Whatever carried the broken token was refused.
      const refused = apiCalls.filter(broken)
      expect(refused.length).toBeGreaterThan(0)
      for (const response of refused) expect(response.status()).toBe(401)
      // Each retry runs on its own schedule.
      await expect.poll(notRetried).toEqual([])
      // Nothing sent with the fresh token was refused, and the feed filled the device's copy.
      expect(apiCalls.filter((response) => !broken(response) && response.status() === 401)).toEqual(
        [],
      )
      expect(
        apiCalls.some(
          (response) => new URL(response.url()).pathname === '/api/sync/changes' && response.ok(),
        ),
      ).toBe(true)
      // One refusal, one refresh shared by every refused request.
      expect(sessionChecks).toBe(1)
      expect(tokenCalls).toBe(1)
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
  // The palette's action, not the empty schedule's own 'Add Activity' behind it.
  await page.getByRole('dialog').getByRole('button', { name: 'Add Activity' }).click()
  await expect(page).toHaveURL(/\/add-activity$/)
  await expect(page.getByRole('heading', { name: 'Add Activity', level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Add Activity' })).toHaveCount(0)
})
