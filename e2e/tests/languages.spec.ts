import type { Page } from '@playwright/test'
import { api, expect, signInThroughApi, test } from '../fixtures'

/*
 * Kindling in the user's language (issue 54): chosen on /me without a reload and kept with the
 * account, taken from the device, German's long words fitting a 390 px phone, Arabic mirrored.
 */

test.describe.configure({ timeout: 180_000 })

/** The elements of the shell and page that must show their whole text, and any that do not. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selectors = ['header h1', 'main', 'nav[aria-label] a', 'main h2']
    const page = document.documentElement
    const wide = page.scrollWidth > page.clientWidth ? ['the page scrolls sideways'] : []
    return wide.concat(
      selectors.flatMap((selector) =>
        Array.from(document.querySelectorAll<HTMLElement>(selector))
          .filter(
            (element) =>
              element.scrollWidth > element.clientWidth + 1 ||
              // A title clamped to one line hides the rest below it.
              element.scrollHeight > element.clientHeight + 1,
          )
          .map((element) => `${selector}: ${element.textContent?.trim().slice(0, 40)}`),
      ),
    )
  })
}

async function chooseLanguage(page: Page, language: string) {
  await page.goto('/me')
  // The page stays the same document: a switch does not reload.
  await page.evaluate(() => {
    ;(window as unknown as { sameDocument: boolean }).sameDocument = true
  })
  await page.getByLabel('Language').selectOption(language)
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true)
}

async function addHabits(page: Page) {
  await api(page, 'POST', 'activities', {
    name: 'Morgenspaziergang',
    schedule: { type: 'Daily' },
  })
  await api(page, 'POST', 'activities', {
    name: 'Wochenplanung',
    schedule: { type: 'Weekly', days: [0, 1, 2, 3, 4, 5, 6] },
  })
  await api(page, 'POST', 'activities', {
    name: 'Budget',
    schedule: { type: 'Monthly', dayOfMonth: 1 },
  })
}

test('German at 390 px: chosen on /me, kept with the account, nothing cut off', async ({
  signedInPage: { page },
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'a phone’s width')
  await addHabits(page)
  await chooseLanguage(page, 'de')
  await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible()
  await expect(page.getByLabel('Sprache')).toHaveValue('de')
  expect((await api<{ language: string }>(page, 'GET', 'settings')).language).toBe('de')
  // The account page's own sections speak German too, nothing cut off.
  for (const section of ['Urlaub', 'Erinnerungen', 'Daten importieren', 'API-Tokens', 'Webhooks']) {
    await expect(page.getByRole('region', { name: section })).toBeVisible()
  }
  await expect(page.getByRole('button', { name: 'Überall abmelden' })).toBeVisible()
  expect(await overflowing(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('de-me.png'), fullPage: true })

  const tabs = page.getByRole('navigation', { name: 'Tabs' })
  for (const [tab, title] of [
    ['Plan', 'Plan'],
    ['Gewohnheiten', 'Gewohnheiten'],
    ['Einträge', 'Verlauf'],
  ] as const) {
    await tabs.getByRole('link', { name: tab }).click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    expect(await overflowing(page)).toEqual([])
    // The title's whole word, not 'Gewohnheit…': the ellipsis hid a single pixel from the check
    // above, which allows one for rounding.
    expect(
      await page.locator('header h1').evaluate((title) => title.scrollWidth <= title.clientWidth),
    ).toBe(true)
    await page.screenshot({ path: testInfo.outputPath(`de-${tab}.png`) })
  }
  await tabs.getByRole('link', { name: 'Plan' }).click()
  await expect(page.getByRole('region', { name: 'Heute' })).toContainText('Morgenspaziergang')
  await expect(page.getByText('Täglich', { exact: true })).toBeVisible()

  // Another start of the app on this device speaks German from its first screen.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Plan' })).toBeVisible()
  await page.getByRole('button', { name: 'Menü öffnen' }).click()
  await expect(page.getByRole('link', { name: 'Statistik' })).toBeVisible()
  expect(await overflowing(page)).toEqual([])
})

test('Arabic: the layout reads right to left', async ({ signedInPage: { page } }, testInfo) => {
  await addHabits(page)
  await chooseLanguage(page, 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.goto('/schedule')
  await expect(page.getByRole('heading', { level: 1, name: 'الجدول' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'اليوم' })).toContainText('Morgenspaziergang')
  // The header's first control (menu, or back) sits on the right, the title beside it.
  const menu = page.getByRole('button', { name: 'فتح القائمة' })
  const width = page.viewportSize()?.width ?? 0
  const box = await menu.boundingBox()
  expect(box && box.x > width / 2).toBe(true)
  expect(await overflowing(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('ar-schedule.png') })
  await menu.click()
  await expect(page.getByRole('link', { name: 'الإحصاءات' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('ar-menu.png') })
  await page.goto('/me')
  await expect(page.getByRole('region', { name: 'الإجازة' })).toBeVisible()
  expect(await overflowing(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('ar-me.png'), fullPage: true })
})

test("a new device speaks the account's language, read from its time zone's save, not asked again", async ({
  signedInPage: { page, user },
  browser,
}, testInfo) => {
  await api(page, 'PUT', 'settings', { language: 'de' })
  const context = await browser.newContext({ viewport: testInfo.project.use.viewport })
  try {
    const other = await context.newPage()
    const settings: string[] = []
    other.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/settings') settings.push(request.method())
    })
    await signInThroughApi(other, user)
    await expect(other.getByRole('button', { name: 'Menü öffnen' })).toBeVisible()
    await expect(other.locator('html')).toHaveAttribute('lang', 'de')
    // The device's time zone is saved; its answer said German: nothing else was asked.
    expect(settings).toEqual(['PUT'])
  } finally {
    await context.close()
  }
})

test.describe('a device set to German', () => {
  test.use({ locale: 'de-DE' })

  test('speaks German before anyone signs in', async ({ page }) => {
    await page.goto('/signin')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  })
})
