import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import {
  api,
  expect,
  expectNoSeriousA11yViolations,
  followRequests,
  form,
  holdRequests,
  openHabitSettings,
  test,
} from '../fixtures'

/**
 * Scans only the open dialog: the page behind its overlay is dimmed on purpose. `exclude`
 * leaves out content another feature owns (a form's body) and tests on its own.
 */
async function expectDialogAccessible(page: Page, exclude?: string) {
  let builder = new AxeBuilder({ page }).include('[role="dialog"]')
  if (exclude) builder = builder.exclude(exclude)
  const results = await builder.analyze()
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
    ),
  ).toEqual([])
}

test('the drawer lists the signed-in pages and navigates', async ({ signedInPage: { page } }) => {
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Menu' })
  const names = ['Home', 'Schedule', 'Habits', 'Events', 'Goals', 'Statistics', 'Me']
  await expect(menu.getByRole('link')).toHaveText(names)
  await expectDialogAccessible(page)
  await menu.getByRole('link', { name: 'Habits' }).click()
  await expect(page).toHaveURL(/\/activities$/)
  await expect(page).toHaveTitle('Habits - Kindling')
  await expect(page.getByRole('heading', { name: 'Habits', level: 1 })).toBeVisible()

  // Goals and Home are reachable from every screen.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await menu.getByRole('link', { name: 'Goals' }).click()
  await expect(page).toHaveURL(/\/goals$/)
  await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await menu.getByRole('link', { name: 'Home' }).click()
  await expect(page).toHaveURL(/\/(schedule)?$/)
})

test('a screen reader is told the new page after a navigation in the app, not on the first page', async ({
  signedInPage: { page },
}) => {
  await page.goto('/schedule')
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible()
  // A live region: what it says is read out; on the page the app opens on it says nothing.
  const announcer = page.locator('#route-announcer')
  await expect(announcer).toHaveAttribute('aria-live', 'assertive')
  await expect(announcer).toHaveText('')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Habits' }).click()
  await expect(page.getByRole('heading', { name: 'Habits', level: 1 })).toBeVisible()
  await expect(announcer).toHaveText('Habits')
  await page.getByRole('button', { name: 'Add activity', exact: true }).click()
  // A form opens as a page on phones (said) and as a dialog otherwise (the dialog is said).
  if (test.info().project.name === 'mobile') await expect(announcer).toHaveText('Add Activity')
  else await expect(announcer).toHaveText('Habits')
})

test('on wide layouts the header title leads home', async ({
  signedInPage: { page },
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'mobile has the tab bar')
  await page.goto('/goals')
  await page.getByRole('heading', { level: 1 }).getByRole('link', { name: 'Goals' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('region', { name: 'Recent Activities' })).toBeVisible()
})

test('the drawer offers Sign In and Create Account when signed out', async ({ page }) => {
  await page.goto('/signin')
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Menu' })
  await expect(menu.getByRole('link')).toHaveText(['Sign In', 'Create Account'])
  await menu.getByRole('link', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/create-account$/)
})

test('the tab bar shows on mobile only; fullscreen on wide layouts only', async ({
  signedInPage: { page },
}, testInfo) => {
  await page.goto('/schedule')
  const tabs = page.getByRole('navigation', { name: 'Tabs' })
  if (testInfo.project.name === 'mobile') {
    await expect(tabs.getByRole('link')).toHaveText(['Schedule', 'Habits', 'Events'])
    await tabs.getByRole('link', { name: 'Events' }).click()
    await expect(page).toHaveURL(/\/events$/)
    // Typing brings up the on-screen keyboard: the tab bar makes way.
    await page.goto('/add-event')
    const field = page.locator('main input:not([readonly]):not([type="hidden"])').first()
    await field.focus()
    await expect(tabs).toHaveCount(0)
    await field.blur()
    await expect(tabs).toBeVisible()
    await expect(page.getByRole('button', { name: 'Toggle fullscreen' })).toHaveCount(0)
  } else {
    await expect(tabs).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Toggle fullscreen' })).toBeVisible()
  }
})

test('detail routes have a back button; unknown routes a 404', async ({
  signedInPage: { page },
}) => {
  const activity = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
  await page.goto('/schedule')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('button', { name: 'Stretch' }).click()
  await expect(page).toHaveURL(new RegExp(`/activities/${activity.id}$`))
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/schedule$/)

  // Opened directly there is no history to go back to: Back goes home.
  await page.goto('/groups/nope')
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).not.toHaveURL(/\/groups\//)

  await page.goto('/')
  await expect(page).toHaveTitle(/^(Home|Schedule) - Kindling$/)
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  // Its dimmed sentence is still readable (contrast 4.5:1 at least, as all text).
  await expect(page.getByText('There is nothing at this address.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('spotlight opens with mod+K and finds a habit by name', async ({ signedInPage: { page } }) => {
  const activity = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Morning run' })
  await page.goto('/schedule')
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible()
  await page.keyboard.press('ControlOrMeta+k')
  const search = page.getByPlaceholder('Search...')
  await expect(search).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Activity' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Event' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Goals' })).toBeVisible()
  await search.fill('zzzz-nothing')
  await expect(page.getByText('Nothing found...')).toBeVisible()
  await search.fill('Morning')
  await page.getByRole('button', { name: 'Morning run' }).click()
  await expect(page).toHaveURL(new RegExp(`/activities/${activity.id}$`))
})

test('the spotlight list is at most 400 px tall and scrolls inside', async ({
  signedInPage: { page },
}) => {
  for (let index = 1; index <= 20; index += 1) {
    await api(page, 'POST', 'activities', { name: `Habit ${index}` })
  }
  await page.goto('/schedule')
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible()
  await page.keyboard.press('ControlOrMeta+k')
  const list = page.locator('.mantine-Spotlight-actionsList')
  const last = list.getByRole('button').last()
  await expect(list.getByRole('button')).toHaveCount(24)
  expect((await list.boundingBox())?.height).toBeLessThanOrEqual(400)
  await expect(last).not.toBeInViewport()
  await list.hover()
  await page.mouse.wheel(0, 2000)
  await expect(last).toBeInViewport()
})

test('spotlight actions open forms: a modal on wide layouts, a page on mobile', async ({
  signedInPage: { page },
}, testInfo) => {
  await page.goto('/schedule')
  const searchButton = page.getByRole('button', { name: 'Search' })
  await searchButton.click()
  await expect(page.getByPlaceholder('Search...')).toBeVisible()
  // The page behind the open search is out of reach: only the search's own 'Add Activity' is
  // there for a screen reader, not also the empty schedule's.
  await expect(page.getByRole('button', { name: 'Add Activity' })).toHaveCount(1)
  await expectNoSeriousA11yViolations(page)
  // Closed, the page is back and the focus returns to the button that opened the search.
  await page.keyboard.press('Escape')
  await expect(page.getByPlaceholder('Search...')).toHaveCount(0)
  await expect(searchButton).toBeFocused()
  await searchButton.click()
  await page.getByRole('button', { name: 'Add Activity' }).click()
  if (testInfo.project.name === 'mobile') {
    await expect(page).toHaveURL(/\/add-activity$/)
    await expect(page.getByRole('heading', { name: 'Add Activity', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible()
  } else {
    const dialog = page.getByRole('dialog', { name: 'Add Activity' })
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(/\/schedule$/)
    await expectDialogAccessible(page, '.mantine-Modal-body')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  }
})

test('closing the menu, a group menu, a form or a confirm gives the focus back to the button that opened it', async ({
  signedInPage: { page },
}, testInfo) => {
  const created = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
  await api(page, 'POST', 'groups', { name: 'Body', activities: [created.id] })
  await page.goto('/activities')
  await expect(page.getByRole('heading', { name: 'Habits', level: 1 })).toBeVisible()

  // Each of these loads its code on first use: the first opening is the one to check.
  const openMenu = page.getByRole('button', { name: 'Open menu' })
  await openMenu.click()
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden()
  await expect(openMenu).toBeFocused()

  // The group menu: a bottom drawer on mobile, a dropdown on wide layouts.
  const groupMenu = page.getByRole('button', { name: 'Group menu for Body' })
  await groupMenu.click()
  const groupActions =
    testInfo.project.name === 'mobile'
      ? page.getByRole('dialog', { name: 'Body', exact: true })
      : page.getByRole('menu')
  await expect(groupActions.getByText('Edit Group')).toBeVisible()
  if (testInfo.project.name === 'mobile') {
    // The drawer's first action has the focus, not its close button.
    await expect(groupActions.getByRole('button', { name: 'Add Activity' })).toBeFocused()
  }
  await page.keyboard.press('Escape')
  await expect(groupActions).toBeHidden()
  await expect(groupMenu).toBeFocused()

  if (testInfo.project.name === 'desktop') {
    const addActivity = page.getByRole('button', { name: 'Add activity', exact: true })
    await addActivity.click()
    const dialog = page.getByRole('dialog', { name: 'Add Activity' })
    // The form's code loads as the dialog opens: its first field still gets the focus.
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(addActivity).toBeFocused()
  }

  await page.goto(`/activities/${created.id}`)
  if (testInfo.project.name === 'mobile') await page.getByRole('tab', { name: 'Settings' }).click()
  const remove = page.getByRole('button', { name: 'Delete activity' })
  await remove.click()
  await expect(page.getByText('Are you sure you want to delete this activity?')).toBeVisible()
  // The confirm starts on Cancel, the answer that changes nothing.
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('Are you sure you want to delete this activity?')).toBeHidden()
  await expect(remove).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Stretch' })).toBeVisible()
})

test("the close buttons of the group menu's drawer and of the delete confirms are named Close", async ({
  signedInPage: { page },
}, testInfo) => {
  const created = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
  await api(page, 'POST', 'groups', { name: 'Body', activities: [created.id] })
  await page.goto('/activities')
  const groupMenu = page.getByRole('button', { name: 'Group menu for Body' })
  await groupMenu.click()
  if (testInfo.project.name === 'mobile') {
    const drawer = page.getByRole('dialog', { name: 'Body', exact: true })
    await drawer.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(drawer).toBeHidden()
    await groupMenu.click()
    await drawer.getByRole('button', { name: 'Delete Group' }).click()
  } else {
    await page.getByRole('menuitem', { name: 'Delete Group' }).click()
  }
  const deleteGroup = page.getByRole('dialog', { name: 'Delete Body' })
  await deleteGroup.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(deleteGroup).toBeHidden()

  await openHabitSettings(page, created.id, 'Stretch')
  await page.getByRole('button', { name: 'Delete activity' }).click()
  const deleteHabit = page.getByRole('dialog', { name: 'Delete Stretch' })
  await deleteHabit.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(deleteHabit).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Stretch' })).toBeVisible()
})

test.describe('without the service worker', () => {
  // A worker that already cached the chunk would serve it past the route that fails it.
  test.use({ serviceWorkers: 'block' })

  test('a screen that fails to load shows the error text, and Try again really retries', async ({
    signedInPage: { page },
  }) => {
    const failing = '**/assets/goals-*.js'
    await page.route(failing, (route) => route.abort())
    await page.goto('/goals')
    await expect(page.getByText('Uh oh. Failed to render the component.')).toBeVisible()
    await page.unroute(failing)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByText('Uh oh. Failed to render the component.')).toHaveCount(0)
    await expect(page).toHaveTitle('Goals - Kindling')
  })

  test('the start screen stays until the first auth check, then the layout comes', async ({
    signedInPage: { page },
  }) => {
    // A device nobody has confirmed on yet, with a server slow to say who is signed in. The
    // sign-in's own first check is over first: it remembers the user, and a check still under
    // way would remember them again after the removal (a repeat visit then draws at once).
    const remembered = () => page.evaluate(() => localStorage.getItem('lastSignedInUser'))
    await expect.poll(remembered).not.toBeNull()
    await page.evaluate(() => localStorage.removeItem('lastSignedInUser'))
    const answer = await holdRequests(page, '**/api/auth/get-session*')
    await page.goto('/goals')
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveText('Kindling')
    await expect(page.getByRole('banner')).toHaveCount(0)
    answer()
    await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible()
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0)
  })

  test("a repeat visit draws the header before the page's own screen has loaded", async ({
    signedInPage: { page },
  }) => {
    await page.goto('/goals')
    await expect(page.getByText('No habits yet.', { exact: false })).toBeVisible()
    const release = await holdRequests(page, '**/assets/goals-*.js')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible()
    await expect(page.getByText('No habits yet.', { exact: false })).toHaveCount(0)
    release()
    await expect(page.getByText('No habits yet.', { exact: false })).toBeVisible()
  })

  test('offline before the worker holds the files: a first tap opens its dialog or form, or says why not', async ({
    signedInPage: { page },
  }) => {
    const stretch = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
    // The dialog code comes once the page's data has, not only with a first press; so does the
    // code of the form a habit's log button opens (decision 173).
    const dialogCode = page.waitForResponse(/\/assets\/web-dialogs-[^/]*\.js$/)
    const formCode = page.waitForResponse(/\/assets\/add-event-form-[^/]*\.js$/)
    const requests = followRequests(page)
    await openHabitSettings(page, stretch.id, 'Stretch')
    const remove = page.getByRole('button', { name: 'Delete activity' })
    await expect(remove).toBeVisible()
    await dialogCode
    await formCode
    await requests.settled()
    await page.context().setOffline(true)

    await remove.click()
    await expect(page.getByText('Are you sure you want to delete this activity?')).toBeVisible()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByText('Are you sure you want to delete this activity?')).toBeHidden()

    await page.getByRole('button', { name: 'Add event' }).click()
    await expect(form(page).getByRole('textbox', { name: 'Date' })).toBeEnabled()
    await form(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(form(page)).toHaveCount(0)

    // Another form is code of its own, not fetched ahead: it says it failed instead of showing
    // nothing.
    await page.getByRole('button', { name: 'Add attribute' }).click()
    await expect(page.getByText('Uh oh. Failed to render the component.')).toBeVisible()
  })

  test("a confirm whose code cannot be fetched asks with the browser's own dialog", async ({
    signedInPage: { page },
  }) => {
    const stretch = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
    await page.route('**/assets/web-dialogs-*.js', (route) => route.abort())
    await openHabitSettings(page, stretch.id, 'Stretch')
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', async (dialog) => {
        resolve(dialog.message())
        await dialog.accept()
      })
    })
    await page.getByRole('button', { name: 'Delete activity' }).click()
    expect(await asked).toContain('Are you sure you want to delete this activity?')
    await expect(page).toHaveURL(/\/activities$/)
    await expect(page.getByText('No habits yet.', { exact: false })).toBeVisible()
  })
})

test('crawlers get a robots.txt, not the app page', async ({ request }) => {
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/plain/)
  expect(await response.text()).toMatch(/^User-agent: \*/m)
})

test('the page asks who is signed in while its scripts download, and the app asks only once', async ({
  signedInPage: { page },
}) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/get-session')) asked.push(request.url())
  })
  // The app's own scripts held back: the question goes out from the page itself.
  await page.route('**/assets/*.js', () => {})
  const loading = page.goto('/activities', { waitUntil: 'commit' })
  await expect.poll(() => asked.length).toBe(1)
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await loading

  asked.length = 0
  await page.goto('/activities')
  await expect(page.getByRole('heading', { name: 'Habits', level: 1 })).toBeVisible()
  await expect(page.getByRole('main').getByText('No habits yet', { exact: false })).toBeVisible()
  expect(asked).toHaveLength(1)
})
