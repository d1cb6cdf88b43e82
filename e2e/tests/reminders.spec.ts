import {
  api,
  expect,
  expectNoSeriousA11yViolations,
  holdRequests,
  openHabitSettings,
  test,
  waitForServiceWorker,
} from '../fixtures'

/** What these tests use of a service worker's scope (the e2e code has no webworker types). */
interface WorkerScope {
  registration: {
    getNotifications(): Promise<Array<{ title: string; actions: { title: string }[] }>>
  }
  dispatchEvent(event: Event): boolean
  PushEvent: new (type: string, init: { data: string }) => Event
  NotificationEvent: new (type: string, init: { notification: unknown; action: string }) => Event
}

interface Reminder {
  id: string
  activityId: string
  time: string
  days: number[]
}

/*
 * Issue 18 in the app: reminders in the habit's settings, reminder settings on /me, and the
 * service worker's notification with 'Done' and 'Snooze 1 hour'.
 */

// A zone with a half-hour DST shift: the app must tell the server the device's zone, not a default.
test.use({ timezoneId: 'Australia/Lord_Howe' })

test.describe('without the service worker', () => {
  // A worker that already cached the reminders' code would serve it past the route that holds it.
  test.use({ serviceWorkers: 'block' })

  test("a habit's settings stand still while its reminders load", async ({
    signedInPage: { page },
  }) => {
    const habit = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
    // The reminders' code, then their list, held until what is below them has been measured.
    const releaseCode = await holdRequests(page, '**/assets/reminders-section-*.js')
    const releaseList = await holdRequests(page, '**/api/reminders?*')
    await openHabitSettings(page, habit.id, 'Stretch')
    const below = page.getByRole('button', { name: 'Add attribute' })
    await expect(below).toBeVisible()
    const top = async () => (await below.boundingBox())?.y
    const before = await top()
    const section = page.getByRole('region', { name: 'Reminders' })
    // Nothing of the section is read out or found before it is there.
    await expect(page.getByText(/^No reminders\./)).toBeHidden()

    releaseCode()
    await expect(section).toBeVisible()
    expect(await top()).toBe(before)
    releaseList()
    await expect(section.getByText(/^No reminders\./)).toBeVisible()
    expect(await top()).toBe(before)
  })
})

test("a habit's reminders are added, changed and deleted in its settings", async ({
  signedInPage: { page },
}) => {
  const habit = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
  await openHabitSettings(page, habit.id, 'Stretch')
  const section = page.getByRole('region', { name: 'Reminders' })
  await expect(section.getByText('No reminders.')).toBeVisible()

  await section.getByRole('button', { name: 'Add reminder' }).click()
  const time = section.getByLabel('Time')
  await expect(time).toHaveValue('09:00')
  await time.fill('07:30')
  await time.blur()
  await section.getByRole('checkbox', { name: 'Sunday' }).uncheck()
  await expect
    .poll(async () => (await api<Reminder[]>(page, 'GET', `reminders?activityId=${habit.id}`))[0])
    .toMatchObject({ time: '07:30', days: [1, 2, 3, 4, 5, 6] })
  await expectNoSeriousA11yViolations(page)

  await section.getByRole('button', { name: 'Add reminder' }).click()
  await expect(section.getByLabel('Time')).toHaveCount(2)
  await section.getByRole('button', { name: 'Delete the reminder at 07:30' }).click()
  await expect(section.getByLabel('Time')).toHaveCount(1)
  await page.reload()
  if (test.info().project.name === 'mobile')
    await page.getByRole('tab', { name: 'Settings' }).click()
  await expect(section.getByLabel('Time')).toHaveValue('09:00')
  const stored = await api<Reminder[]>(page, 'GET', `reminders?activityId=${habit.id}`)
  expect(stored.map((reminder) => reminder.time)).toEqual(['09:00'])
})

test("/me shows the device's time zone and keeps e-mail reminders and a pause", async ({
  signedInPage: { page, user },
}) => {
  await page.goto('/me')
  const section = page.getByRole('region', { name: 'Reminders' })
  await expect(section.getByText('Time zone: Australia/Lord_Howe')).toBeVisible()

  const email = section.getByRole('switch', { name: 'E-mail reminders', exact: true })
  await expect(section.getByText(`Also send each reminder to ${user.email}.`)).toBeVisible()
  await email.check()
  const pause = section.getByRole('switch', { name: 'Pause reminders', exact: true })
  await pause.check()
  await expect(section.getByLabel('Paused until')).toBeVisible()
  // A day reads as every date in the app does (SPEC §9: YYYY-MM-DD), a week from today.
  await expect(section.getByLabel('Paused until')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
  await expect
    .poll(async () =>
      api<{ emailReminders: boolean; remindersPausedUntil: string | null }>(
        page,
        'GET',
        'settings',
      ),
    )
    .toMatchObject({ emailReminders: true, remindersPausedUntil: expect.any(String) })
  await expectNoSeriousA11yViolations(page)

  await page.reload()
  await expect(email).toBeChecked()
  await expect(pause).toBeChecked()
  await pause.uncheck()
  await expect(section.getByLabel('Paused until')).toHaveCount(0)
  await expect
    .poll(
      async () =>
        (await api<{ remindersPausedUntil: string | null }>(page, 'GET', 'settings'))
          .remindersPausedUntil,
    )
    .toBeNull()
})

test('a new device with a session tells the server its zone with the id token: nothing is refused', async ({
  signedInPage: { page },
  browser,
}) => {
  // The signed-in session alone, on a device with no stored data (as Lighthouse opens a page).
  const device = await browser.newContext({ timezoneId: 'America/St_Johns' })
  try {
    await device.addCookies(await page.context().cookies())
    const fresh = await device.newPage()
    const refused: string[] = []
    fresh.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`)
    })
    await fresh.goto('/me')
    const section = fresh.getByRole('region', { name: 'Reminders' })
    await expect(section.getByText('Time zone: America/St_Johns')).toBeVisible()
    await expect
      .poll(async () => (await api<{ timeZone: string }>(page, 'GET', 'settings')).timeZone)
      .toBe('America/St_Johns')
    expect(refused).toEqual([])
  } finally {
    await device.close()
  }
})

test("a reminder's notification shows the habit; 'Done' logs it once through the outbox", async ({
  signedInPage: { page },
  context,
}) => {
  const habit = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Water plants' })
  await page.goto('/events')
  await expect(page.getByRole('heading', { name: 'History (0 events)' })).toBeVisible()
  await context.grantPermissions(['notifications'])
  await waitForServiceWorker(page)
  await expect(page.getByRole('heading', { name: 'History (0 events)' })).toBeVisible()
  const worker = context.serviceWorkers()[0]
  if (!worker) throw new Error('no service worker')

  // The push as the server sends it (apps/api's ReminderPushMessage), delivered to the worker.
  await worker.evaluate(async (activityId) => {
    const scope = self as unknown as WorkerScope
    const message = {
      type: 'reminder',
      title: 'Water plants',
      body: 'Time for Water plants.',
      reminderId: crypto.randomUUID(),
      activityId,
      day: '2026-11-24',
      url: `/activities/${activityId}`,
    }
    // The browser waits for what the handler hands `waitUntil`; a script's event may not, so
    // the test takes it and waits itself (a refused notification fails here, saying why).
    const push = new scope.PushEvent('push', { data: JSON.stringify(message) })
    const handed: Promise<unknown>[] = []
    Object.defineProperty(push, 'waitUntil', {
      value: (work: Promise<unknown>) => handed.push(work),
    })
    scope.dispatchEvent(push)
    if (handed.length === 0) throw new Error('the push handler showed nothing')
    await Promise.all(handed)
  }, habit.id)
  // What the user sees: the notification.
  await expect
    .poll(() =>
      worker.evaluate(async () => {
        const scope = self as unknown as WorkerScope
        const [notification] = await scope.registration.getNotifications()
        return notification
          ? { title: notification.title, actions: notification.actions.map((a) => a.title) }
          : null
      }),
    )
    .toEqual({ title: 'Water plants', actions: ['Done', 'Snooze 1 hour'] })

  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope
    const [notification] = await scope.registration.getNotifications()
    if (!notification) throw new Error('no notification')
    scope.dispatchEvent(
      new scope.NotificationEvent('notificationclick', { notification, action: 'done' }),
    )
  })
  // The open tab sees the event at once and sends it; the server stores it once.
  await expect(page.getByRole('heading', { name: 'History (1 events)' })).toBeVisible()
  await expect
    .poll(async () => (await api<{ activityId: string }[]>(page, 'GET', 'events')).length)
    .toBe(1)
  expect((await api<{ activityId: string }[]>(page, 'GET', 'events'))[0]?.activityId).toBe(habit.id)
})
