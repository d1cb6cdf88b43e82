import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { e2eEnv } from '../env'
import { expect, PASSWORD, test } from '../fixtures'

/*
 * A household's server (issue 53): its administrator (ADMIN_EMAILS, set for the suite's server
 * in playwright.config.ts) manages it on /admin: the facts, 'Send test e-mail', who may sign up,
 * invitations, and the other accounts (disable, enable, delete). It runs on the suite's one
 * server after every other test (the 'admin' projects depend on the others), one width after the
 * other: the sign-up policy it changes would refuse the other tests' sign-ups.
 */

// Each step waits for what the user sees; a step that cannot happen fails in a while, not at the end.
test.use({ actionTimeout: 30_000 })

/** The suite's server (playwright.config.ts). */
const origin = `http://localhost:${e2eEnv.port}`

/** The newest link matching `pattern` mailed to `email` (the server's outbox). */
async function mailedLink(email: string, pattern: RegExp): Promise<string> {
  const outbox = join(e2eEnv.dataDir as string, 'outbox')
  const read = () => {
    let files: string[] = []
    try {
      files = readdirSync(outbox)
    } catch {
      return null
    }
    for (const file of files.sort().reverse()) {
      const text = readFileSync(join(outbox, file), 'utf8')
      if (!text.includes(email)) continue
      const match = text
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
        .match(pattern)
      if (match) return match[0].replace(/&amp;/g, '&')
    }
    return null
  }
  await expect.poll(read, { message: `a mail to ${email}` }).not.toBeNull()
  return read() as string
}

async function signInAt(page: Page, email: string) {
  await page.goto(`${origin}/signin`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** A fresh browser context (another person's device) at the project's viewport. */
async function anotherDevice(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize() })
  return context.newPage()
}

test('the administrator runs the server: facts, sign-up policy, invitations, accounts', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const project = testInfo.project.name
  // One of ADMIN_EMAILS (playwright.config.ts): the administrator at this width.
  const admin = `admin-${page.viewportSize()?.width}@example.com`
  const guest = `guest-${project}-${Date.now()}@example.com`

  // The administrator's account, verified.
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: admin, password: PASSWORD, name: '' }),
  })
  expect(signUp.status).toBe(200)
  await fetch(await mailedLink(admin, /http:\/\/[^\s"'<>]*\/api\/auth\/verify-email\?[^\s"'<>]+/), {
    redirect: 'manual',
  })
  await signInAt(page, admin)
  await expect(page).not.toHaveURL(/\/signin/)

  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog').getByRole('link', { name: 'Admin' }).click()
  await expect(page).toHaveURL(`${origin}/admin`)
  const facts = page.getByRole('region', { name: 'Server' })
  await expect(facts.getByText('Embedded (PGlite, in DATA_DIR)')).toBeVisible()
  await facts.getByRole('button', { name: 'Send test e-mail' }).click()
  await expect(facts.getByRole('status')).toHaveText(
    `A test e-mail to ${admin} was written to the outbox (no SMTP_URL is set).`,
  )
  await page.screenshot({ path: testInfo.outputPath(`admin-${project}.png`), fullPage: true })

  // Invite only, and an invitation for the guest's address.
  const signUpSection = page.getByRole('region', { name: 'Sign-up' })
  await signUpSection.getByText('Invite only', { exact: true }).click()
  await expect(
    signUpSection.getByText('Only people with an invitation link can create an account.'),
  ).toBeVisible()
  await expect
    .poll(async () => (await (await fetch(`${origin}/api/instance`)).json()).signUpPolicy)
    .toBe('invite-only')
  const invitations = page.getByRole('region', { name: 'Invitations' })
  const address = invitations.getByLabel('E-mail address (optional)')
  await address.fill(guest)
  // Done typing, as a phone's keyboard closes: its tab bar comes back.
  await address.blur()
  await invitations.getByRole('button', { name: 'Create link' }).click()
  const link = await invitations.getByLabel('Invitation link').inputValue()
  expect(link).toMatch(new RegExp(`^${origin}/create-account\\?invitation=`))
  await expect(invitations.getByRole('button', { name: 'Copy link' })).toBeVisible()
  await expect(invitations.getByText(guest, { exact: true })).toBeVisible()

  const stranger = await anotherDevice(browser, page)
  await stranger.goto(`${origin}/create-account`)
  await expect(stranger.getByRole('alert')).toHaveText(
    'This server takes new accounts by invitation only. Ask its administrator for an invitation link.',
  )
  await stranger.screenshot({ path: testInfo.outputPath(`invite-only-${project}.png`) })

  const invitee = await anotherDevice(browser, page)
  await invitee.goto(link)
  await expect(invitee.getByRole('status')).toHaveText(
    `You are invited to create an account for ${guest}.`,
  )
  await expect(invitee.getByLabel('Email')).toHaveValue(guest)
  await invitee.screenshot({ path: testInfo.outputPath(`invited-${project}.png`) })
  await invitee.getByLabel('Password').fill(PASSWORD)
  await invitee.getByRole('button', { name: 'Create Account', exact: true }).click()
  // The invitation named the address: no e-mail to confirm.
  await expect(invitee).not.toHaveURL(/create-account|confirm-email/)
  // Used once, the link says so, also by the name for the page.
  await stranger.goto(link.replace('/create-account', '/signup'))
  await expect(stranger).toHaveURL(/\/create-account\?invitation=/)
  await expect(stranger.getByRole('alert')).toHaveText(
    'This invitation link has been used already. Ask for a new one.',
  )
  // A member has no admin page.
  await invitee.goto(`${origin}/admin`)
  await expect(invitee.getByRole('alert')).toHaveText(
    'Only an administrator of this server can see this page.',
  )
  await invitee.getByRole('button', { name: 'Open menu' }).click()
  await expect(
    invitee.getByRole('dialog').getByRole('link', { name: 'Me', exact: true }),
  ).toBeVisible()
  await expect(invitee.getByRole('dialog').getByRole('link', { name: 'Admin' })).toHaveCount(0)

  // Disable: the guest is signed out at once and told why at sign-in.
  await page.reload()
  const accounts = page.getByRole('region', { name: 'Accounts' })
  const guestRow = accounts.getByRole('listitem', { name: guest })
  await expect(guestRow.getByText('Verified', { exact: true })).toBeVisible()
  await guestRow.getByRole('button', { name: `Manage ${guest}` }).click()
  await page.getByRole('menuitem', { name: 'Disable' }).click()
  await page
    .getByRole('dialog', { name: 'Disable this account?' })
    .getByRole('button', { name: 'Disable' })
    .click()
  await expect(guestRow.getByText('Disabled', { exact: true })).toBeVisible()
  await page.screenshot({
    path: testInfo.outputPath(`admin-disabled-${project}.png`),
    fullPage: true,
  })
  await invitee.goto(`${origin}/me`)
  await expect(invitee.getByText('You must be signed in to view this page.')).toBeVisible()
  await signInAt(invitee, guest)
  await expect(invitee.getByRole('alert')).toHaveText(
    'This account has been disabled by the administrator of this server.',
  )

  // Enable: the guest signs in again.
  await guestRow.getByRole('button', { name: `Manage ${guest}` }).click()
  await page.getByRole('menuitem', { name: 'Enable' }).click()
  await expect(accounts.getByRole('status')).toHaveText(`${guest} can sign in again.`)
  await signInAt(invitee, guest)
  await expect(invitee).not.toHaveURL(/\/signin/)

  // Delete, behind the typed address.
  await guestRow.getByRole('button', { name: `Manage ${guest}` }).click()
  await page.getByRole('menuitem', { name: 'Delete account' }).click()
  const confirmDelete = page.getByRole('dialog', { name: 'Delete this account?' })
  const deleteButton = confirmDelete.getByRole('button', { name: 'Delete account' })
  await expect(deleteButton).toBeDisabled()
  await confirmDelete.getByLabel("Type the account's e-mail address to confirm").fill('guest@')
  await expect(deleteButton).toBeDisabled()
  await confirmDelete.getByLabel("Type the account's e-mail address to confirm").fill(guest)
  await page.screenshot({ path: testInfo.outputPath(`admin-delete-${project}.png`) })
  await deleteButton.click()
  await expect(accounts.getByRole('status')).toHaveText(`${guest} and all its data are deleted.`)
  await expect(guestRow).toHaveCount(0)

  // Closed: the page says so.
  await signUpSection.getByText('Closed', { exact: true }).click()
  await expect(signUpSection.getByText('Nobody can create an account.')).toBeVisible()
  await expect
    .poll(async () => (await (await fetch(`${origin}/api/instance`)).json()).signUpPolicy)
    .toBe('closed')
  await stranger.goto(`${origin}/create-account`)
  await expect(stranger.getByRole('alert')).toHaveText('This server does not take new accounts.')
  await stranger.context().close()
  await invitee.context().close()

  // Open again, as the suite's server was.
  await signUpSection.getByText('Open', { exact: true }).click()
  await expect
    .poll(async () => (await (await fetch(`${origin}/api/instance`)).json()).signUpPolicy)
    .toBe('open')
})
