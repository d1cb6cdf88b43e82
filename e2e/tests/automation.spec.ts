import type { Page } from '@playwright/test'
import { api, expect, openHabitSettings, test, waitForServiceWorker } from '../fixtures'

/*
 * Issue 52: personal API tokens and one-tap log links, in the real app and against the real
 * server.
 */

interface Created {
  id: string
}

/** The account page's section named `title`. */
const section = (page: Page, title: string) => page.getByRole('region', { name: title })

test('a token made on the account page works for a script until it is revoked', async ({
  signedInPage: { page },
  request,
}) => {
  await page.goto('/me')
  const tokens = section(page, 'API tokens')
  await expect(tokens.getByText('No tokens yet.')).toBeVisible()
  await expect(tokens).toContainText('Resetting your password or signing out everywhere revokes')
  await tokens.getByRole('button', { name: 'Create token' }).click()
  await tokens.getByRole('textbox', { name: 'Name' }).fill('Kitchen tablet')
  await expect(tokens.getByRole('radio', { name: 'Read', exact: true })).toBeChecked()
  await tokens.getByRole('radiogroup', { name: 'Expires' }).getByText('30 days').click()
  await expect(tokens.getByRole('radio', { name: '30 days' })).toBeChecked()
  await tokens.getByRole('button', { name: 'Create', exact: true }).click()

  const shown = tokens.getByLabel('New token')
  await expect(shown).toHaveText(/^kdl_/)
  await expect(tokens.getByRole('button', { name: 'Copy token' })).toBeVisible()
  const secret = (await shown.textContent()) as string
  const listed = tokens.getByRole('listitem').filter({ hasText: 'Kitchen tablet' })
  await expect(listed).toContainText('Read · created')
  await expect(listed).toContainText('Never used')

  // A script reads with it, and may not write.
  const bearer = { Authorization: `Bearer ${secret}` }
  expect((await request.get('/api/activities', { headers: bearer })).status()).toBe(200)
  const write = await request.post('/api/activities', { headers: bearer, data: { name: 'x' } })
  expect(write.status()).toBe(403)

  // Shown once: gone after 'Done' and after a reload, where its last use shows.
  await tokens.getByRole('button', { name: 'Done' }).click()
  await expect(shown).toHaveCount(0)
  await page.reload()
  await expect(listed).toContainText('Last used')
  await expect(page.getByText(secret)).toHaveCount(0)

  await listed.getByRole('button', { name: 'Revoke' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click()
  await expect(tokens.getByText('No tokens yet.')).toBeVisible()
  expect((await request.get('/api/activities', { headers: bearer })).status()).toBe(401)
})

test('a log link logs once per tap, never on opening, offline and online', async ({
  signedInPage: { page },
  context,
  request,
}) => {
  const habit = await api<Created>(page, 'POST', 'activities', { name: 'Stretch' })
  const events = async () =>
    (await api<Created[]>(page, 'GET', `events?activityId=${habit.id}`)).length

  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openHabitSettings(page, habit.id, 'Stretch')
  await page.getByRole('button', { name: 'Copy log link' }).click()
  await expect(page.getByText('Copied log link')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(new URL(link).pathname).toBe(`/log/${habit.id}`)

  // A link preview or a prefetch fetches the page: nothing is logged.
  expect((await request.get(link)).status()).toBe(200)
  await page.goto(link)
  const log = page.getByRole('button', { name: 'Log Stretch' })
  await expect(log).toBeVisible()
  await page.reload()
  await expect(log).toBeVisible()
  expect(await events()).toBe(0)

  await log.click()
  await expect(page.getByRole('status').filter({ hasText: 'Added event' })).toBeVisible()
  await expect.poll(events).toBe(1)

  // Offline: the tap logs into the device's copy and outbox; the server gets it once back.
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.goto(link)
  await log.click()
  await expect(page.getByRole('status').filter({ hasText: 'Added event' })).toBeVisible()
  await context.setOffline(false)
  await expect.poll(events).toBe(2)
  await page.goto('/events')
  await expect(page.getByRole('heading', { name: 'History (2 events)' })).toBeVisible()
})

test("a log link asks for the habit's required attributes", async ({ signedInPage: { page } }) => {
  const habit = await api<Created>(page, 'POST', 'activities', { name: 'Run' })
  const distance = await api<Created>(page, 'POST', 'attributes', {
    activityId: habit.id,
    name: 'Distance',
    type: 'number',
    required: true,
    min: 1,
    max: 100,
  })
  await api<Created>(page, 'POST', 'attributes', {
    activityId: habit.id,
    name: 'Notes',
    type: 'text',
    required: false,
  })
  await page.goto(`/log/${habit.id}`)
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveCount(0)
  const field = page.getByRole('textbox', { name: 'Distance' })
  await expect(field).toBeVisible()
  await page.getByRole('button', { name: 'Log Run' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added event' })).toHaveCount(0)
  await field.fill('5')
  await page.getByRole('button', { name: 'Log Run' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added event' })).toBeVisible()
  await expect
    .poll(async () =>
      (await api<{ attributes: Record<string, unknown> }[]>(page, 'GET', 'events')).map(
        (event) => event.attributes,
      ),
    )
    .toEqual([{ [distance.id]: 5 }])
})
