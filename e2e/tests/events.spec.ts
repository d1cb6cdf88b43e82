import type { Page } from '@playwright/test'
import { api, expect, expectNoSeriousA11yViolations, holdRequests, test } from '../fixtures'

interface Created {
  id: string
}

async function seedRunWithEveryAttribute(page: Page) {
  const activity = await api<Created>(page, 'POST', 'activities', {
    name: 'Run',
    color: '#e8590c',
    schedule: { type: 'Daily' },
  })
  const attribute = (body: Record<string, unknown>) =>
    api<Created>(page, 'POST', 'attributes', { activityId: activity.id, ...body })
  await attribute({ name: 'Note', type: 'text', maxLength: 20 })
  await attribute({
    name: 'Distance',
    type: 'number',
    valueType: 'decimal',
    unit: 'km',
    min: 0,
    max: 100,
  })
  await attribute({ name: '', type: 'rating' })
  await attribute({ name: '', type: 'duration', unit: 'minutes' })
  await attribute({ name: 'Place', type: 'select', options: ['Park', 'Track'] })
  await attribute({ name: 'Tags', type: 'multiselect', options: ['easy', 'hills', 'rain'] })
  await attribute({ name: 'Outside', type: 'boolean' })
  await attribute({ name: 'Race day', type: 'date' })
  await attribute({ name: 'Start', type: 'time', min: '06:00', max: '22:00', required: true })
  return activity
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe.configure({ timeout: 180_000 })

test('logs an event with every attribute type and shows it in History and its detail page', async ({
  signedInPage: { page },
}, testInfo) => {
  await seedRunWithEveryAttribute(page)
  await page.goto('/events')
  await expect(page.getByRole('heading', { name: 'History (0 events)' })).toBeVisible()
  await expect(page.getByText('No events yet.', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'Add event' }).click()

  await chooseOption(page, 'Activity', 'Run')
  await expect(page.getByLabel('Note')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('add-event.png') })
  await expectNoSeriousA11yViolations(page)

  // Start is required: Save refuses and says so.
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Required.')).toBeVisible()

  await page.getByLabel('Note').fill('Felt strong')
  await page.getByLabel('Distance (km)').fill('5.5')
  await page.getByRole('radiogroup', { name: 'Rating' }).locator('label').nth(4).click()
  await page.getByLabel('Duration (minutes)').fill('31')
  await chooseOption(page, 'Place', 'Track')
  await page.locator('.mantine-MultiSelect-input').click()
  await page.getByRole('option', { name: 'hills' }).click()
  await page.getByRole('option', { name: 'rain' }).click()
  await page.keyboard.press('Escape')
  await page.getByLabel('Outside').check()
  await page.getByLabel('Race day').fill('2026-05-17')
  await page.keyboard.press('Enter')
  // A time before the minimum snaps to it on blur.
  const start = page.getByLabel('Start')
  await start.fill('05:15')
  await start.blur()
  await expect(start).toHaveValue('06:00')
  await page.screenshot({
    path: testInfo.outputPath('add-event-filled.png'),
  })
  await page.getByRole('button', { name: 'Save' }).click()

  await expect(page.getByText('Added event')).toBeVisible()
  await page.goto('/events')
  await expect(page.getByRole('heading', { name: 'History (1 events)' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('events.png') })
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: /^Run, / }).click()
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/)
  const values = page.getByRole('table')
  await expect(values.getByRole('row', { name: 'Note Felt strong' })).toBeVisible()
  await expect(values.getByRole('row', { name: 'Distance 5.5 km' })).toBeVisible()
  await expect(values.getByRole('row', { name: 'Rating 4 / 5' })).toBeVisible()
  await expect(values.getByRole('row', { name: 'Duration 31 minutes' })).toBeVisible()
  await expect(values.getByRole('row', { name: 'Place Track' })).toBeVisible()
  await expect(values.getByRole('row', { name: 'Tags hills, rain' })).toBeVisible()
  await expect(values.getByRole('row', { name: 'Outside Yes' })).toBeVisible()
  await expect(values.getByRole('row', { name: 'Race day 2026-05-17' })).toBeVisible()
  await expect(values.getByRole('row', { name: 'Start 06:00' })).toBeVisible()
  await page.screenshot({
    path: testInfo.outputPath('event-detail.png'),
  })
  await expectNoSeriousA11yViolations(page)

  // Edit opens Update Event with the values in place.
  await page.getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByLabel('Note')).toHaveValue('Felt strong')
  await page.screenshot({
    path: testInfo.outputPath('update-event.png'),
  })
  await page.getByLabel('Note').fill('Felt great')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('table').getByRole('row', { name: 'Note Felt great' })).toBeVisible()

  // Delete goes back to History, now empty.
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/events$/)
  await expect(page.getByRole('heading', { name: 'History (0 events)' })).toBeVisible()
})

test('in the Add Event dialog, Escape closes an open calendar first and keeps what was typed', async ({
  signedInPage: { page },
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'forms open as dialogs on wide layouts')
  const activity = await api<Created>(page, 'POST', 'activities', { name: 'Run' })
  await api(page, 'POST', 'attributes', { activityId: activity.id, name: 'Note', type: 'text' })
  await api(page, 'POST', 'attributes', {
    activityId: activity.id,
    name: 'Race day',
    type: 'date',
  })
  await page.goto('/events')
  await page.getByRole('button', { name: 'Add event' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Event' })
  await chooseOption(page, 'Activity', 'Run')
  await dialog.getByLabel('Note').fill('Felt strong')

  const calendar = page.locator('[data-dates-dropdown]')
  for (const label of ['Date', 'Race day']) {
    await dialog.getByRole('textbox', { name: label }).click()
    await expect(calendar).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(calendar).toBeHidden()
    await expect(dialog.getByLabel('Note')).toHaveValue('Felt strong')
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})

test('the Add Event dialog opens with the focus in Activity and its list closed, Date and Save in view', async ({
  signedInPage: { page },
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'forms open as dialogs on wide layouts')
  await api<Created>(page, 'POST', 'activities', { name: 'Run' })
  await page.goto('/events')
  await page.getByRole('button', { name: 'Add event' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Event' })
  const activity = dialog.getByRole('combobox', { name: 'Activity', exact: true })
  await expect(activity).toBeFocused()
  await expect(activity).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('listbox')).toHaveCount(0)
  // Nothing covers the fields below: a click reaches Date.
  await dialog.getByRole('textbox', { name: 'Date', exact: true }).click()
  await expect(page.locator('[data-dates-dropdown]')).toBeVisible()
  // A click or a key opens the list.
  await activity.click()
  await expect(page.getByRole('option', { name: 'Run', exact: true })).toBeVisible()
})

test('events logged one after another: each reads as past, and the toast stands in the way of nothing', async ({
  signedInPage: { page },
}) => {
  await api<Created>(page, 'POST', 'activities', { name: 'Stretch' })
  await page.goto('/events')
  await expect(page.getByRole('heading', { name: 'History (0 events)' })).toBeVisible()
  const add = page.getByRole('button', { name: 'Add event' })
  const activity = page.getByRole('combobox', { name: 'Activity', exact: true })
  for (const total of [1, 2]) {
    await add.click()
    if ((await activity.inputValue()) !== 'Stretch') await chooseOption(page, 'Activity', 'Stretch')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('heading', { name: `History (${total} events)` })).toBeVisible()
  }
  // Logged a moment ago, from a dialog over the open list: not 'a few seconds away'.
  await expect(page.getByRole('main').getByText(/ ago$|^just now$/)).toHaveCount(2)
  // 'Added event' is up. A tap on it goes through to the page (over the header it covered its
  // buttons, and a pointer resting there held it for good). On a phone it is a snackbar above
  // the tab bar with nothing to tap: under the header, its close button took the taps meant for
  // the schedule's filter.
  const toast = page.getByText('Added event').first()
  await expect(toast).toBeVisible()
  const tapGoesThrough = () =>
    toast.evaluate((text) => {
      const box = text.getBoundingClientRect()
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      return hit !== null && !hit.closest('.mantine-Notification-root')
    })
  await expect.poll(tapGoesThrough).toBe(true)
  if (test.info().project.name === 'mobile') {
    const tabs = await page.getByRole('navigation', { name: 'Tabs' }).boundingBox()
    await expect
      .poll(async () => {
        const box = await toast.boundingBox()
        return box !== null && tabs !== null && box.y + box.height <= tabs.y
      })
      .toBe(true)
    await expect(page.getByRole('button', { name: 'Close' })).toHaveCount(0)
  }
  await add.hover()
  await add.click()
  await expect(activity).toHaveValue('Stretch')
  await expect(page.getByText('Added event')).toHaveCount(0)
})

test('History filters by activity, remembers the filter and pages long histories', async ({
  signedInPage: { page },
}) => {
  const walk = await api<Created>(page, 'POST', 'activities', { name: 'Walk' })
  const read = await api<Created>(page, 'POST', 'activities', { name: 'Read' })
  await api<Created>(page, 'POST', 'activities', { name: 'Unused' })
  const base = Date.parse('2026-01-01T12:00:00.000Z')
  for (let index = 0; index < 60; index++) {
    await api(page, 'POST', 'events', {
      activityId: walk.id,
      eventDate: new Date(base - index * 3_600_000).toISOString(),
    })
  }
  await api(page, 'POST', 'events', {
    activityId: read.id,
    eventDate: new Date(base).toISOString(),
  })

  await page.goto('/events')
  await expect(page.getByRole('heading', { name: 'History (61 events)' })).toBeVisible()
  const rows = page.getByRole('list', { name: 'Events' }).getByRole('listitem')
  // The first page only; the rest comes as the list scrolls (or with Load more).
  await expect(rows.first()).toBeVisible()
  expect(await rows.count()).toBeLessThanOrEqual(50)
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded()
  await expect(rows).toHaveCount(61)

  // Only activities that have events are offered.
  await page
    .getByRole('textbox', { name: 'Filter by habit' })
    .or(page.getByRole('combobox', { name: 'Filter by habit' }))
    .click()
  await expect(page.getByRole('option', { name: 'All Activities' })).toBeVisible()
  await expect(page.getByRole('option', { name: 'Unused' })).toHaveCount(0)
  await page.getByRole('option', { name: 'Read' }).click()
  await expect(page.getByRole('heading', { name: 'History (1 events)' })).toBeVisible()
  await expect(rows).toHaveCount(1)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'History (1 events)' })).toBeVisible()

  // Adding from History filtered to one habit starts with that habit.
  await page.getByRole('button', { name: 'Add event' }).click()
  await expect(page.getByRole('combobox', { name: 'Activity', exact: true })).toHaveValue('Read')
})

test.describe('without the service worker', () => {
  // A worker that already cached the filter's code would serve it past the route that holds it.
  test.use({ serviceWorkers: 'block' })

  for (const reach of ['a tap', 'the focus'] as const) {
    test(`History's list comes before its filter's code; ${reach} on the filter meanwhile is not lost`, async ({
      signedInPage: { page },
    }) => {
      const read = await api<Created>(page, 'POST', 'activities', { name: 'Read' })
      await api(page, 'POST', 'events', {
        activityId: read.id,
        eventDate: new Date().toISOString(),
      })
      const release = await holdRequests(page, '**/assets/activity-filter-*.js')
      await page.goto('/events')
      // The count and the rows are drawn while the select's code is still on its way...
      await expect(page.getByRole('heading', { name: 'History (1 events)' })).toBeVisible()
      await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem')).toHaveCount(1)
      const filter = page
        .getByRole('textbox', { name: 'Filter by habit' })
        .or(page.getByRole('combobox', { name: 'Filter by habit' }))
      await expect(filter).toHaveCount(0)
      // ...under a look-alike of the same name: what the user does to it is not lost.
      const standIn = page.getByRole('button', { name: 'Filter by habit' })
      if (reach === 'a tap') await standIn.click()
      else await standIn.focus()
      release()
      await expect(filter).toBeFocused()
      const option = page.getByRole('option', { name: 'Read' })
      if (reach === 'a tap') {
        // A tap opens the list; the keyboard works from there.
        await expect(option).toBeVisible()
        await page.keyboard.press('Escape')
      }
      await expect(option).toHaveCount(0)
      await expectNoSeriousA11yViolations(page)
    })
  }
})

test('an event or goal that is gone is logged and left, not shown as an empty screen', async ({
  signedInPage: { page },
}) => {
  const logged: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text())
  })
  const missing = '0190a8f0-0000-7000-8000-000000000000'
  await page.goto(`/events/${missing}`)
  // Opened directly: there is nothing to go back to, so History.
  await expect(page).toHaveURL(/\/events$/)
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible()
  expect(logged).toContain('Event not found')

  // The Update Goal form of a goal that is gone closes: opened directly, home it is.
  await page.goto(`/update-goal?goalId=${missing}`)
  await expect(page).not.toHaveURL(/update-goal/)
  expect(logged).toContain('Goal is not defined')
})
