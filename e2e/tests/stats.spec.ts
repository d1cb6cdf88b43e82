import type { Page } from '@playwright/test'
import { api, expect, expectNoSeriousA11yViolations, getIdToken, test } from '../fixtures'

interface Created {
  id: string
}

test.describe.configure({ timeout: 240_000 })

const DAY_MS = 86_400_000

/** `day` (YYYY-MM-DD) moved by `amount` days. */
function addDays(day: string, amount: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + amount * DAY_MS).toISOString().slice(0, 10)
}

/** Today in the browser's zone, the one the app counts days in. */
async function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => new Date().toLocaleDateString('en-CA'))
}

/** Posts events (dated by calendar day) a few at a time with one token. */
async function postEvents(
  page: Page,
  activityId: string,
  days: readonly { day: string; attributes?: Record<string, number> }[],
): Promise<void> {
  const token = await getIdToken(page)
  for (let start = 0; start < days.length; start += 16) {
    await Promise.all(
      days.slice(start, start + 16).map(async ({ day, attributes = {} }) => {
        const response = await page.request.post('/api/events', {
          headers: { Authorization: `Bearer ${token}` },
          data: { activityId, eventDate: day, attributes },
        })
        expect(response.status(), await response.text()).toBe(201)
      }),
    )
  }
}

/** Loop's strength of a daily habit, written out here apart from the app's code (issue 17). */
function loopDailyStrength(doneDays: ReadonlySet<string>, first: string, today: string): number {
  const multiplier = 0.5 ** (Math.sqrt(1) / 13)
  let score = 0
  for (let day = first; day <= today; day = addDays(day, 1)) {
    score = score * multiplier + (doneDays.has(day) ? 1 : 0) * (1 - multiplier)
  }
  return score
}

const percent = (share: number) => `${Math.round(share * 100)}%`

/**
 * Five years of 'Read': every fifth day (5 pages) up to two months ago, then a daily run of 20
 * days (10 pages) ending yesterday; today is still open.
 */
async function seedReading(page: Page, today: string) {
  const read = await api<Created>(page, 'POST', 'activities', { name: 'Read' })
  const pages = await api<Created>(page, 'POST', 'attributes', {
    activityId: read.id,
    type: 'number',
    name: 'Pages',
    unit: 'pages',
  })
  const sparse: string[] = []
  for (let back = 1825; back >= 60; back -= 5) sparse.push(addDays(today, -back))
  const run = Array.from({ length: 20 }, (_, index) => addDays(today, index - 20))
  await postEvents(page, read.id, [
    ...sparse.map((day) => ({ day, attributes: { [pages.id]: 5 } })),
    ...run.map((day) => ({ day, attributes: { [pages.id]: 10 } })),
  ])
  return { read, sparse, run, days: new Set([...sparse, ...run]) }
}

test("a habit's statistics: Loop's strength, streaks, counts, weekdays and number totals", async ({
  signedInPage: { page },
}, testInfo) => {
  const today = await browserToday(page)
  const { read, sparse, run, days } = await seedReading(page, today)
  const first = sparse[0] as string
  const strength = loopDailyStrength(days, first, today)

  await page.goto(`/activities/${read.id}`)
  if (testInfo.project.name === 'mobile') {
    await page.getByRole('tab', { name: 'Stats' }).click()
    await expect(page).toHaveURL(/tab=stats/)
  }
  const stats =
    testInfo.project.name === 'mobile'
      ? page.getByRole('tabpanel', { name: 'Stats' })
      : page.getByRole('region', { name: 'Statistics' })
  // Five years of statistics, with their code, after the page's first drawing: on the wide layout
  // beside three other columns. On a 2-core machine loaded twice over it came just after 10 s.
  await expect(stats.getByRole('heading', { name: `Strength ${percent(strength)}` })).toBeVisible({
    timeout: 30_000,
  })

  // The strength chart's table: one row a day over the last month, ending today.
  const strengthFigure = stats.getByRole('region', { name: 'Strength over the last month' })
  await expect(strengthFigure.getByText(`to ${percent(strength)} on ${today}.`)).toBeVisible()
  await strengthFigure.getByRole('button', { name: 'Show table' }).click()
  const strengthRows = strengthFigure.getByRole('row')
  await expect(strengthRows).toHaveCount(32)
  await expect(strengthRows.last()).toHaveText(`${today}${percent(strength)}`)
  const tenDaysAgo = addDays(today, -10)
  await expect(strengthFigure.getByRole('row', { name: tenDaysAgo })).toHaveText(
    `${tenDaysAgo}${percent(loopDailyStrength(days, first, tenDaysAgo))}`,
  )
  // The year view samples weeks.
  await stats.getByRole('radiogroup', { name: 'Strength chart period' }).getByText('Year').click()
  await expect(stats.getByRole('region', { name: 'Strength over the last year' })).toBeVisible()

  // Streaks: the run ending yesterday is the current and the best one.
  const summary = stats.getByRole('region', { name: 'Summary' })
  await expect(summary).toContainText('Current streak20 days')
  await expect(summary).toContainText(`Best streak20 days${run[0]} to ${run[19]}`)
  await expect(summary).toContainText(`Events${days.size}on ${days.size} days`)
  await expect(
    stats.getByRole('region', { name: 'Best streaks' }).getByRole('listitem').first(),
  ).toHaveText(`20 days: ${run[0]} to ${run[19]} (current)`)

  // Events per year, from the first year to this one.
  await stats.getByRole('radiogroup', { name: 'Count period' }).getByText('Year').click()
  const perYear = stats.getByRole('region', { name: 'Events per year' })
  await perYear.getByRole('button', { name: 'Show table' }).click()
  const byYear = new Map<string, number>()
  for (const day of days) byYear.set(day.slice(0, 4), (byYear.get(day.slice(0, 4)) ?? 0) + 1)
  for (const [year, count] of byYear) {
    await expect(perYear.getByRole('row', { name: year })).toHaveText(`${year}${count}`)
  }

  // Events per weekday add up to every event.
  const weekdays = stats.getByRole('region', { name: 'Events per weekday' })
  await weekdays.getByRole('button', { name: 'Show table' }).click()
  await expect(weekdays.getByRole('row')).toHaveCount(8)
  const counts = await weekdays.getByRole('cell').allTextContents()
  expect(counts.reduce((sum, count) => sum + Number(count), 0)).toBe(days.size)

  // The number attribute: total, average, minimum, maximum.
  const numbers = stats.getByRole('region', { name: 'Pages (pages)', exact: true })
  const total = sparse.length * 5 + run.length * 10
  await expect(numbers).toContainText(`Total${total.toLocaleString('en-US')}`)
  await expect(numbers).toContainText('Minimum5')
  await expect(numbers).toContainText('Maximum10')
  await expect(numbers).toContainText(`over ${days.size} entries`)

  await page.screenshot({ path: testInfo.outputPath('habit-stats.png') })
  await expectNoSeriousA11yViolations(page)
})

test('/stats: this week and this month worst first, and a year heat map per habit', async ({
  signedInPage: { page },
}, testInfo) => {
  const today = await browserToday(page)
  const { days } = await seedReading(page, today)
  const walk = await api<Created>(page, 'POST', 'activities', { name: 'Walk' })
  await postEvents(page, walk.id, [{ day: today }])
  await api(page, 'POST', 'activities', { name: 'Museum', schedule: { type: 'Unscheduled' } })

  // Reached from the side menu and from spotlight.
  await page.goto('/schedule')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: 'Statistics' })
    .click()
  await expect(page).toHaveURL(/\/stats$/)
  await expect(page).toHaveTitle('Statistics - Kindling')
  await page.goto('/schedule')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('button', { name: 'Statistics' }).click()
  await expect(page).toHaveURL(/\/stats$/)

  // This month: done days of the month so far over the month's days, worst first.
  const monthStart = `${today.slice(0, 8)}01`
  const monthDays = new Date(
    Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0),
  ).getUTCDate()
  const readThisMonth = [...days].filter((day) => day >= monthStart && day <= today).length
  const month = page.getByRole('region', { name: 'This month' })
  const rows = month.getByRole('listitem')
  await expect(rows.filter({ hasText: 'Read' })).toHaveText(`Read ${readThisMonth}/${monthDays}`)
  await expect(rows.filter({ hasText: 'Walk' })).toHaveText(`Walk 1/${monthDays}`)
  await expect(rows.filter({ hasText: 'Museum' })).toHaveText('Museum 0 days, no schedule')
  const expectedOrder = readThisMonth < 1 ? ['Read', 'Walk', 'Museum'] : ['Walk', 'Read', 'Museum']
  await expect(rows).toHaveText(expectedOrder.map((name) => new RegExp(`^${name} `)))
  const week = page.getByRole('region', { name: 'This week' })
  await expect(week.getByRole('listitem').filter({ hasText: 'Walk' })).toHaveText('Walk 1/7')

  // The heat maps scroll by year; each has its figures in a table.
  const year = Number(today.slice(0, 4))
  await expect(page.getByRole('heading', { name: String(year), level: 2 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next year' })).toBeDisabled()
  await page.screenshot({ path: testInfo.outputPath('stats.png') })
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Previous year' }).click()
  await expect(page).toHaveURL(new RegExp(`year=${year - 1}`))
  await expect(page.getByRole('heading', { name: String(year - 1), level: 2 })).toBeVisible()
  const lastYear = [...days].filter((day) => day.startsWith(String(year - 1)))
  const readMap = page.getByRole('region', { name: 'Read', exact: true })
  // Each habit's map is headed one level below its year, none skipped.
  await expect(readMap.getByRole('heading', { name: 'Read', level: 3 })).toBeVisible()
  await expect(readMap).toContainText(
    `${lastYear.length} days with events, ${lastYear.length} events in ${year - 1}.`,
  )
  // One cell a day of the year; the days with one event in the calendar's shade 4.
  await expect(readMap.locator('svg rect')).toHaveCount(year % 4 === 1 ? 366 : 365)
  await expect(readMap.locator('svg rect[fill="var(--mantine-color-orange-4)"]')).toHaveCount(
    lastYear.length,
  )
  await readMap.getByRole('button', { name: 'Show table' }).click()
  const january = lastYear.filter((day) => day.slice(5, 7) === '01').length
  await expect(readMap.getByRole('row', { name: 'January' })).toHaveText(
    `January${january}${january}`,
  )
  await expect(page.getByRole('region', { name: 'Walk', exact: true })).toContainText(
    `0 days with events, 0 events in ${year - 1}.`,
  )
  await page.screenshot({ path: testInfo.outputPath('stats-last-year.png') })
})

test('a habit without events says so; /stats without habits offers Add Activity', async ({
  signedInPage: { page },
}, testInfo) => {
  await page.goto('/stats')
  await expect(page.getByText('No habits yet.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('button', { name: 'Add Activity' })).toBeVisible()

  const idle = await api<Created>(page, 'POST', 'activities', { name: 'Idle' })
  await page.goto(`/activities/${idle.id}${testInfo.project.name === 'mobile' ? '?tab=stats' : ''}`)
  await expect(
    page.getByText('No events yet. Statistics appear once you log this habit.'),
  ).toBeVisible()
})
