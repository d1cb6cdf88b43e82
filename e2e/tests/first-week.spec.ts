import type { Page } from '@playwright/test'
import {
  api,
  expect,
  expectNoSeriousA11yViolations,
  form,
  openHabitSettings,
  test,
  waitForServiceWorker,
} from '../fixtures'

/*
 * Issue 51: the first week on a phone (and on a laptop), what got in a new user's way.
 */

test.describe.configure({ timeout: 180_000 })

test('a user without habits is offered Add Activity on every screen, and it leads to the schedule', async ({
  signedInPage: { page },
}, testInfo) => {
  const main = page.getByRole('main')
  for (const path of ['/activities', '/goals', '/stats', '/schedule']) {
    await page.goto(path)
    await expect(main.getByText('No habits yet.', { exact: false })).toBeVisible()
    await expect(main.getByRole('button', { name: 'Add Activity' })).toBeVisible()
  }
  // Not 'All done!' with nothing to do: the schedule says there is nothing yet, and what to do.
  await expect(main.getByText('All done!')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('schedule-no-habits.png') })

  // A phone's home is the schedule: the next step is there too.
  await page.goto('/')
  if (testInfo.project.name === 'mobile') await expect(page).toHaveURL(/\/schedule$/)
  await main.getByRole('button', { name: 'Add Activity' }).first().click()
  await form(page).getByRole('textbox', { name: 'Name' }).fill('Read')
  await form(page).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Added Read')).toBeVisible()
  if (testInfo.project.name === 'mobile') {
    await expect(page).toHaveURL(/\/schedule$/)
    await expect(page.getByRole('region', { name: 'Today' }).getByText('Read')).toBeVisible()
  }
  await page.goto('/goals')
  await expect(main.getByText('No habits yet.', { exact: false })).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Start small, dream big' })).toBeVisible()
})

interface Created {
  id: string
}

/** A habit 'Read' with Pages (a number in pages) and Note, and one event today with both. */
async function seedReading(page: Page) {
  const read = await api<Created>(page, 'POST', 'activities', { name: 'Read' })
  const pages = await api<Created>(page, 'POST', 'attributes', {
    activityId: read.id,
    name: 'Pages',
    type: 'number',
    unit: 'pages',
  })
  const note = await api<Created>(page, 'POST', 'attributes', {
    activityId: read.id,
    name: 'Note',
    type: 'text',
  })
  const event = await api<Created>(page, 'POST', 'events', {
    activityId: read.id,
    eventDate: new Date().toISOString(),
    attributes: { [pages.id]: 25, [note.id]: 'felt good' },
  })
  return { read, pages, note, event }
}

/** Today in the browser's zone, as the app writes days (SPEC §9: YYYY-MM-DD). */
const todayIn = (page: Page) =>
  page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()))

test("a logged day of a habit's week and month shows its events, to put right or add another", async ({
  signedInPage: { page },
}, testInfo) => {
  const { read } = await seedReading(page)
  await page.goto(`/activities/${read.id}`)
  if (testInfo.project.name === 'mobile') await page.getByRole('tab', { name: 'Calendar' }).click()
  const today = await todayIn(page)
  const stored = async () =>
    (await api<unknown[]>(page, 'GET', `events?activityId=${read.id}`)).length

  // The week strip's logged day is not a dead button, and not a second Add Event either.
  await page.getByRole('button', { name: `Read on ${today}, has events, today` }).click()
  const dialog = page.getByRole('dialog', { name: `Read on ${today}` })
  await expect(dialog.getByRole('listitem')).toHaveCount(1)
  await expect(dialog.getByText('25 pages · Note: felt good')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('day-events.png') })
  await expectNoSeriousA11yViolations(page)
  expect(await stored()).toBe(1)

  // 'Add Event' adds another on that day.
  await dialog.getByRole('button', { name: 'Add Event' }).click()
  await form(page).getByRole('textbox', { name: 'Note' }).fill('second sitting')
  await form(page).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Added event')).toBeVisible()
  await expect.poll(stored).toBe(2)

  // The month calendar's day shows both; one is put right from its row.
  if (testInfo.project.name === 'mobile') await page.getByRole('tab', { name: 'Calendar' }).click()
  await page.getByRole('button', { name: `${today}: 2 events` }).click()
  await expect(dialog.getByRole('listitem')).toHaveCount(2)
  await dialog
    .getByRole('listitem')
    .filter({ hasText: 'second sitting' })
    .getByRole('button', {
      name: /^Edit the event/,
    })
    .click()
  await expect(form(page).getByRole('textbox', { name: 'Note' })).toHaveValue('second sitting')
})

test('History rows say what was logged, in the list of every habit and on the habit', async ({
  signedInPage: { page },
}, testInfo) => {
  const { read } = await seedReading(page)
  await page.goto('/events')
  const row = page.getByRole('main').getByRole('listitem')
  await expect(row).toHaveCount(1)
  await expect(row.getByText('25 pages · Note: felt good')).toBeVisible()
  await expect(row.getByRole('button', { name: /, 25 pages · Note: felt good$/ })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('history-values.png') })

  await page.goto(`/activities/${read.id}`)
  const history =
    testInfo.project.name === 'mobile'
      ? page.getByRole('tabpanel', { name: 'History' })
      : page.getByRole('region', { name: 'History' })
  await expect(history.getByText('25 pages · Note: felt good')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('habit-history-values.png') })
})

test("deleting an event says 'Deleted event' with an Undo that brings it back, offline too", async ({
  signedInPage: { page },
}) => {
  const { read, event } = await seedReading(page)
  await page.goto(`/activities/${read.id}`)
  // Offline, the app's code comes from its worker's cache.
  await waitForServiceWorker(page)
  const history =
    test.info().project.name === 'mobile'
      ? page.getByRole('tabpanel', { name: 'History' })
      : page.getByRole('region', { name: 'History' })
  await expect(history.getByText('25 pages · Note: felt good')).toBeVisible()
  await page.context().setOffline(true)
  await history.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`))
  // SPEC's flow: one tap deletes and goes back.
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(new RegExp(`/activities/${read.id}`))
  await expect(history.getByText('25 pages · Note: felt good')).toHaveCount(0)
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Deleted event' })
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(history.getByText('25 pages · Note: felt good')).toBeVisible()
  await expect(toast).toHaveCount(0)

  // Back online, the server holds the event again, with its values, once.
  await page.context().setOffline(false)
  await expect
    .poll(async () =>
      (await api<{ attributes: object }[]>(page, 'GET', `events?activityId=${read.id}`)).map(
        (stored) => Object.values(stored.attributes).sort(),
      ),
    )
    .toEqual([[25, 'felt good']])
})

test.describe('reminders', () => {
  test.use({ timezoneId: 'Europe/Paris' })

  test("a habit's reminders say their time zone and how they reach you", async ({
    signedInPage: { page },
  }, testInfo) => {
    const habit = await api<Created>(page, 'POST', 'activities', { name: 'Stretch' })
    await openHabitSettings(page, habit.id, 'Stretch')
    const section = page.getByRole('region', { name: 'Reminders' })
    await expect(
      section.getByText(
        'Times in Europe/Paris. Nothing reaches you: notifications are off here, e-mail off.',
      ),
    ).toBeVisible()
    await expect(section.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/me')
    await page.screenshot({ path: testInfo.outputPath('reminders-delivery.png') })
    await expectNoSeriousA11yViolations(page)

    await api(page, 'PUT', 'settings', { emailReminders: true })
    await page.reload()
    if (testInfo.project.name === 'mobile')
      await page.getByRole('tab', { name: 'Settings' }).click()
    await expect(
      section.getByText('Times in Europe/Paris. Sent by e-mail only: notifications are off here.'),
    ).toBeVisible()
  })

  test('reminder cards keep their place while one is edited, and are sorted once it is left', async ({
    signedInPage: { page },
  }) => {
    const habit = await api<Created>(page, 'POST', 'activities', { name: 'Stretch' })
    for (const time of ['09:00', '10:00'])
      await api(page, 'POST', 'reminders', { activityId: habit.id, time, days: [1, 2, 3] })
    await openHabitSettings(page, habit.id, 'Stretch')
    const section = page.getByRole('region', { name: 'Reminders' })
    const times = section.getByLabel('Time')
    await expect(times).toHaveCount(2)
    // Typed as a person does, into the hours then the minutes of the first card...
    await times.first().click({ position: { x: 14, y: 15 } })
    await page.keyboard.type('1130')
    await expect(times.first()).toHaveValue('11:30')
    // ...then on to its delete button: saved, and the card stays where the focus is.
    await page.keyboard.press('Tab')
    await expect(
      section.getByRole('button', { name: 'Delete the reminder at 11:30' }),
    ).toBeFocused()
    await expect(times.nth(0)).toHaveValue('11:30')
    await expect(times.nth(1)).toHaveValue('10:00')
    // Leaving the card sorts the list.
    await section.getByRole('heading', { name: 'Reminders' }).click()
    await expect(times.nth(0)).toHaveValue('10:00')
    await expect(times.nth(1)).toHaveValue('11:30')
  })

  test("/me's notifications switch says why it cannot be turned on, and stays usable", async ({
    signedInPage: { page },
  }) => {
    // A push service that never answers (a network that blocks it): this machine has none, so
    // the browser's subscribe is made to wait for ever.
    await page.addInitScript(() => {
      PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => {})
    })
    await page.context().grantPermissions(['notifications'])
    await page.goto('/me')
    await waitForServiceWorker(page)
    const notifications = page.getByRole('switch', { name: 'Notifications in this browser' })
    await notifications.click()
    await expect(page.getByRole('status').filter({ hasText: 'Turning on…' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText(
      "This browser's push service could not be reached",
      { timeout: 30_000 },
    )
    await expect(notifications).toBeEnabled()
    await expect(notifications).not.toBeChecked()
  })

  test('/me reads its reminder settings again once the device is back online', async ({
    signedInPage: { page },
  }) => {
    await page.goto('/me')
    const section = page.getByRole('region', { name: 'Reminders' })
    await expect(section.getByText('Time zone: Europe/Paris')).toBeVisible()
    // The network goes (without the browser saying so, as on a phone in a tunnel)...
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'))
    await page.reload()
    await expect(
      section.getByText('Reminder settings could not be loaded', { exact: false }),
    ).toBeVisible()
    // ...and comes back: no 'Try again' needed.
    await page.unroute('**/api/**')
    await expect(section.getByText('Time zone: Europe/Paris')).toBeVisible({ timeout: 60_000 })
  })
})

test('an import shows how far it has come, and its result comes into view on a phone', async ({
  signedInPage: { page },
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the result came below the fold on a phone')
  const days = Array.from({ length: 1200 }, (_, n) =>
    new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10),
  )
  const csv = [
    'HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText',
    ...days.map((day) => `Walk,,,${day},1,`),
  ].join('\r\n')
  // The server's answer is held back once it has come: the progress it told meanwhile shows.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/import?*', async (route) => {
    const response = await route.fetch()
    await held
    await route.fulfill({ response })
  })
  await page.goto('/me')
  const chooser = page.waitForEvent('filechooser')
  await page.getByLabel('Import file').click()
  await (await chooser).setFiles({
    name: 'walks.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  await expect(page.getByText('Reading walks.csv…')).toBeVisible()
  await expect(page.getByText('Importing walks.csv: stored 1,200 of 1,200 events…')).toBeVisible()
  await expect(
    page.getByRole('progressbar', { name: 'Stored 1,200 of 1,200 events' }),
  ).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('import-progress.png') })
  release()
  const result = page.getByRole('alert').filter({ hasText: 'Added 1 habit and 1,200 events.' })
  await expect(result).toBeInViewport({ ratio: 1 })
  await page.screenshot({ path: testInfo.outputPath('import-result.png') })
})

test.describe('the smaller things', () => {
  test("on a phone 'Added event' is one snackbar, not a stack over the screen", async ({
    signedInPage: { page },
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'toasts stack only as snackbars on a phone')
    const names = ['Floss', 'Water', 'Stretch', 'Read']
    for (const name of names) await api(page, 'POST', 'activities', { name })
    await page.goto('/schedule')
    const toasts = page.locator('.mantine-Notification-root')
    for (const name of names) {
      await page.getByRole('checkbox', { name, exact: true }).click()
      await expect(page.getByRole('checkbox', { name, exact: true })).toHaveCount(0)
    }
    // Each toast stays for seconds: one left this soon (the others' exit over) is the newest
    // alone.
    await expect(toasts).toHaveCount(1, { timeout: 2000 })
    await expect(toasts).toContainText('Added event')
  })

  test('a year heat map names its months, and on a phone its days are cells a finger finds', async ({
    signedInPage: { page },
  }, testInfo) => {
    await api(page, 'POST', 'activities', { name: 'Walk' })
    await page.goto('/stats')
    const map = page.getByRole('region', { name: 'Walk' }).locator('svg')
    await expect(map).toBeVisible()
    const labels = await map.locator('text').allTextContents()
    expect(labels).toEqual(expect.arrayContaining(['Jan', 'Jun', 'Jul', 'Dec']))
    if (testInfo.project.name === 'mobile') {
      // Two rows of six months: a day is about 11 px wide, not 5.
      const cell = await map.locator('rect').first().boundingBox()
      expect(cell?.width ?? 0).toBeGreaterThanOrEqual(10)
    }
    await map.screenshot({ path: testInfo.outputPath('year-heat-map.png') })
  })

  test("the command palette's long list shows that it scrolls", async ({
    signedInPage: { page },
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'cut off on a phone')
    for (let n = 1; n <= 14; n += 1) await api(page, 'POST', 'activities', { name: `Habit ${n}` })
    await page.goto('/schedule')
    await page.getByRole('button', { name: 'Search' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('button', { name: 'Habit 14' })).toBeVisible()
    await expect(
      dialog.locator('.mantine-ScrollArea-scrollbar[data-orientation="vertical"]'),
    ).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('spotlight-scrolls.png') })
  })

  test('the desktop schedule puts Today, This Week and This Month side by side', async ({
    signedInPage: { page },
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'a phone has one column')
    await api(page, 'POST', 'activities', { name: 'Floss', schedule: { type: 'Daily' } })
    await api(page, 'POST', 'activities', {
      name: 'Clean',
      schedule: { type: 'Weekly', days: [6] },
    })
    await api(page, 'POST', 'activities', {
      name: 'Budget',
      schedule: { type: 'Monthly', dayOfMonth: 1 },
    })
    await page.goto('/schedule')
    const boxes = []
    for (const name of ['Today', 'This Week', 'This Month']) {
      const region = page.getByRole('region', { name })
      await expect(region).toBeVisible()
      boxes.push(await region.boundingBox())
    }
    const [today, week, month] = boxes
    expect(week?.y).toBe(today?.y)
    expect(month?.y).toBe(today?.y)
    expect((today?.x ?? 0) < (week?.x ?? 0) && (week?.x ?? 0) < (month?.x ?? 0)).toBe(true)
    await page.screenshot({ path: testInfo.outputPath('schedule-wide.png') })
  })

  test("a habit's month calendar takes the phone's width", async ({
    signedInPage: { page },
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'on a phone it took 70% of the width')
    const habit = await api<Created>(page, 'POST', 'activities', { name: 'Walk' })
    await page.goto(`/activities/${habit.id}?tab=calendar`)
    const grid = page.getByRole('table')
    await expect(grid).toBeVisible()
    const width = (await grid.boundingBox())?.width ?? 0
    expect(width).toBeGreaterThan(0.85 * 390)
    await page.screenshot({ path: testInfo.outputPath('month-grid-phone.png') })
  })

  test('on a phone the tab bar comes back after a tap outside a field, not under the finger', async ({
    signedInPage: { page },
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the tab bar is a phone’s')
    await page.goto('/add-activity')
    const tabs = page.getByRole('navigation', { name: 'Tabs' })
    await expect(tabs).toBeVisible()
    await page.getByRole('textbox', { name: 'Name' }).fill('Stretch')
    // Typing: the keyboard covers the bottom of the screen, the tab bar steps aside.
    await expect(tabs).toBeHidden()
    // A press outside the field blurs it; the page must not move before the press is released.
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox()
    await page.mouse.move((heading?.x ?? 0) + 4, (heading?.y ?? 0) + 4)
    await page.mouse.down()
    await expect(page.getByRole('textbox', { name: 'Name' })).not.toBeFocused()
    await expect(tabs).toBeHidden()
    await page.mouse.up()
    await expect(tabs).toBeVisible()
  })
})
