import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { api, expect, openHabitSettings, signIn, test, waitForServiceWorker } from '../fixtures'

/*
 * Issue 52: personal API tokens, webhooks and one-tap log links, in the real app and against the real
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

  const shown = tokens.getByLabel('New token', { exact: true })
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

/** A webhook receiver on this machine (the test server allows 127.0.0.1: decision 142). */
async function startReceiver() {
  const received: { signature: string; body: string }[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        signature: String(request.headers['kindling-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      })
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test('a webhook added on the account page gets a signed delivery of a logged event', async ({
  signedInPage: { page },
}) => {
  const receiver = await startReceiver()
  try {
    const habit = await api<Created>(page, 'POST', 'activities', { name: 'Meditate' })
    await page.goto('/me')
    const hooks = section(page, 'Webhooks')
    await expect(hooks.getByText('No webhooks yet.')).toBeVisible()
    await hooks.getByRole('button', { name: 'Add webhook' }).click()
    await expect(hooks.getByRole('checkbox', { name: 'Event logged' })).toBeChecked()
    await hooks.getByRole('checkbox', { name: 'Habit created' }).check()
    const url = hooks.getByRole('textbox', { name: 'URL' })
    await url.fill(receiver.url)
    await url.press('Enter')
    const shown = hooks.getByLabel('Signing secret', { exact: true })
    await expect(shown).toHaveText(/^whsec_/)
    const secret = (await shown.textContent()) as string
    await hooks.getByRole('button', { name: 'Done' }).click()

    const listed = hooks.getByRole('listitem').filter({ hasText: receiver.url })
    await expect(listed).toContainText('Event logged, Habit created')
    await listed.getByRole('button', { name: 'Recent deliveries' }).click()
    await expect(listed.getByText('Nothing sent yet.')).toBeVisible()

    await api(page, 'POST', 'events', {
      activityId: habit.id,
      eventDate: new Date().toISOString(),
      attributes: {},
    })
    const delivery = listed.getByRole('list', { name: 'Recent deliveries' }).getByRole('listitem')
    await expect(delivery).toHaveCount(1)
    await expect(delivery).toContainText('Delivered')
    await expect(delivery).toContainText('Event logged')
    await expect(delivery).toContainText('1 attempt: HTTP 200')

    expect(receiver.received).toHaveLength(1)
    const [{ signature, body }] = receiver.received as [{ signature: string; body: string }]
    const t = /t=(\d+)/.exec(signature)?.[1]
    const mac = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
    expect(signature).toBe(`t=${t},v1=${mac}`)
    expect(JSON.parse(body)).toMatchObject({
      type: 'event.logged',
      record: { activityId: habit.id },
    })

    await listed.getByRole('button', { name: 'Remove' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
    await expect(hooks.getByText('No webhooks yet.')).toBeVisible()
  } finally {
    await receiver.close()
  }
})

test('a webhook to this machine or a plain http address is refused, saying why', async ({
  signedInPage: { page },
}) => {
  await page.goto('/me')
  const hooks = section(page, 'Webhooks')
  await hooks.getByRole('button', { name: 'Add webhook' }).click()
  const url = hooks.getByRole('textbox', { name: 'URL' })
  // Enter in the field adds, as a tap on 'Add' does.
  await url.fill('https://192.168.1.20/hook')
  await url.press('Enter')
  await expect(hooks.getByText('Must name a host, not an IP address.')).toBeVisible()
  await url.fill('http://hooks.example.com/hook')
  await url.press('Enter')
  await expect(hooks.getByText('Must be an https URL.')).toBeVisible()
  await hooks.getByRole('button', { name: 'Cancel' }).click()
  await expect(hooks.getByText('No webhooks yet.')).toBeVisible()
})

test("'Sign out everywhere' ends every device's session and every token", async ({
  signedInPage: { page, user },
  browser,
  request,
}) => {
  const other = await browser.newContext()
  try {
    const otherPage = await other.newPage()
    await signIn(otherPage, user)
    await page.goto('/me')
    const tokens = section(page, 'API tokens')
    await expect(tokens).toContainText('signing out everywhere revokes every token')
    await tokens.getByRole('button', { name: 'Create token' }).click()
    const name = tokens.getByRole('textbox', { name: 'Name' })
    await name.fill('Shortcut')
    await name.press('Enter')
    const secret = (await tokens.getByLabel('New token', { exact: true }).textContent()) as string
    const bearer = { Authorization: `Bearer ${secret}` }
    expect((await request.get('/api/activities', { headers: bearer })).status()).toBe(200)

    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(page).toHaveURL(/\/signin/)
    expect((await request.get('/api/activities', { headers: bearer })).status()).toBe(401)
    const session = await otherPage.request.get('/api/auth/get-session')
    expect(await session.json()).toBeNull()
  } finally {
    await other.close()
  }
})
