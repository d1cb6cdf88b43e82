import { api, expect, expectNoSeriousA11yViolations, test } from '../fixtures'

interface Created {
  id: string
}

test.describe.configure({ timeout: 180_000 })

test('home: recent activities, goals and history on wide layouts; the schedule on mobile', async ({
  signedInPage: { page },
}, testInfo) => {
  const names = ['Yoga', 'Swim', 'Bike', 'Chess with grandpa']
  const ids: string[] = []
  for (const name of names) ids.push((await api<Created>(page, 'POST', 'activities', { name })).id)
  // Logged in the reverse order of the habits' creation (Chess first, Yoga last), each dated
  // long ago: when an event was logged, not its date, makes a habit recent (SPEC §2).
  for (const id of [...ids].reverse()) {
    await api(page, 'POST', 'events', { activityId: id, eventDate: '2025-01-02T12:00:00.000Z' })
  }
  // Every change of the address, and whether the app had drawn anything yet (index.html's boot
  // screen is still there until React's first drawing replaces it).
  await page.addInitScript(() => {
    const replace = window.history.replaceState.bind(window.history)
    const changes: { url: string; drawn: boolean }[] = []
    Object.assign(window, { addressChanges: changes })
    window.history.replaceState = (state, unused, url) => {
      if (url !== undefined && url !== null && url !== '') {
        const boot = document.querySelector('#root > .boot[aria-hidden="true"]')
        changes.push({ url: String(url), drawn: boot === null })
      }
      replace(state, unused, url)
    }
  })
  await page.goto('/')
  if (testInfo.project.name === 'mobile') {
    await expect(page).toHaveURL(/\/schedule$/)
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible()
    // The schedule is the first screen drawn: the address became /schedule before the app drew
    // anything, not by a redirect after a first drawing of home (issue 55).
    const changes = await page.evaluate(
      () =>
        (window as unknown as { addressChanges: { url: string; drawn: boolean }[] }).addressChanges,
    )
    expect(changes).toEqual([{ url: '/schedule', drawn: false }])
    // A phone goes straight to the schedule: Home's code, which it would never draw, is not
    // fetched (neither by the page's HTML nor by the app).
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    )
    expect(fetched.filter((path) => /^\/assets\/home-/.test(path))).toEqual([])
    expect(fetched.filter((path) => /^\/assets\/schedule-.*\.js$/.test(path))).toHaveLength(1)
    return
  }
  const recent = page.getByRole('region', { name: 'Recent Activities' })
  await expect(recent.getByText('Yoga')).toBeVisible()
  await expect(recent.getByText('Swim')).toBeVisible()
  await expect(recent.getByText('Bike')).toBeVisible()
  await expect(recent.getByText('Chess')).toHaveCount(0)
  await expect(
    page.getByRole('region', { name: 'Goals' }).getByText('No daily goals yet.'),
  ).toBeVisible()
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByRole('listitem')).toHaveCount(4)
  // In the narrow column a long name gives way: its day stays on one line, as a short one's.
  const dayOf = (name: string) =>
    history.getByRole('button', { name: new RegExp(`^${name},`) }).getByText('2025-01-02')
  expect((await dayOf('Chess with grandpa').boundingBox())?.height).toBe(
    (await dayOf('Yoga').boundingBox())?.height,
  )
  await page.screenshot({ path: testInfo.outputPath('home.png') })
  await expectNoSeriousA11yViolations(page)
  await expect(recent.getByRole('button', { name: 'View All' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Goals' }).getByRole('link', { name: 'Open Goals' }),
  ).toHaveAttribute('href', '/goals')
  // The mobile redirect is decided on entering home: narrowing the window for a moment (a full
  // page capture does) keeps the user where they are.
  await page.setViewportSize({ width: 390, height: 800 })
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(recent.getByText('Yoga')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  // SPEC §2: 'a View All button to /activities'.
  await recent.getByRole('button', { name: 'View All' }).click()
  await expect(page).toHaveURL(/\/activities$/)
  await expect(page.getByRole('heading', { name: 'Habits' }).first()).toBeVisible()
})

test("home's history folds away and stays so, shows a calendar of all habits, and home's goals stay open", async ({
  signedInPage: { page },
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'home hands over to the schedule on phones')
  const walk = await api<Created>(page, 'POST', 'activities', { name: 'Walk' })
  const read = await api<Created>(page, 'POST', 'activities', { name: 'Read' })
  await api(page, 'POST', 'goals', { activityId: walk.id, cadence: 'Daily' })
  const now = new Date().toISOString()
  for (const id of [walk.id, read.id]) {
    await api(page, 'POST', 'events', { activityId: id, eventDate: now })
  }

  // Folded on the Goals screen, 'Today' stays open on home, with nothing to fold it. Folded once
  // the screen shows the synced goals: once, in a whole run at load, a fold pressed as the first
  // sync's drawing landed did not take (not reproduced in 31 runs since; an open question).
  await page.goto('/goals')
  await expect(page.getByText('All daily goals accomplished!')).toBeVisible()
  await page.getByRole('button', { name: /Today/ }).click()
  await expect(page.getByRole('button', { name: /Today/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
  await page.goto('/')
  const goals = page.getByRole('region', { name: 'Goals' })
  // Walk is done today, so the Todo list says so: the section is open.
  await expect(goals.getByText('All daily goals accomplished!')).toBeVisible()
  await expect(goals.getByRole('button', { name: /Today/ })).toHaveCount(0)

  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByRole('listitem')).toHaveCount(2)
  await history.getByRole('button', { name: 'Calendar' }).click()
  await expect(history.getByRole('button', { name: 'Calendar' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const today = new Intl.DateTimeFormat('en-CA').format(new Date())
  await expect(history.getByRole('button', { name: `${today}: 2 events` })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('home-calendar.png') })
  await expectNoSeriousA11yViolations(page)
  await history.getByRole('button', { name: 'Calendar' }).click()
  await expect(history.getByRole('listitem')).toHaveCount(2)

  const fold = history.getByRole('button', { name: /History/ })
  await fold.click()
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  await expect(history.getByRole('listitem')).toHaveCount(0)
  await page.reload()
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  await fold.click()
  await expect(history.getByRole('listitem')).toHaveCount(2)
})
