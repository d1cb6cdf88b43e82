import {
  createUser,
  expect,
  expectNoSeriousA11yViolations,
  findVerificationLink,
  PASSWORD,
  signIn,
  test,
  uniqueEmail,
} from '../fixtures'

/** Home on wide layouts; mobile home hands over to /schedule. */
const HOME = /\/(schedule)?$/

test('create an account, follow the mailed link, verify and land home', async ({ page }) => {
  const email = uniqueEmail('create')
  await page.goto('/create-account')
  await expect(page).toHaveTitle('Create Account - Kindling')
  await expectNoSeriousA11yViolations(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account', exact: true }).click()

  await expect(page).toHaveURL(/\/confirm-email$/)
  await expect(page.getByRole('heading', { name: 'Confirm Email', level: 2 })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Not yet verified: Verify says so in red and stays.
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toContainText('not verified yet')
  await expect(page).toHaveURL(/\/confirm-email$/)

  // A reload restores the pending state.
  await page.reload()
  await expect(page.getByText(email)).toBeVisible()

  await page.getByRole('button', { name: 'Resend Email' }).click()
  await expect(page.getByRole('status')).toContainText(email)

  const link = await findVerificationLink(email)
  const verified = await page.request.get(link, { maxRedirects: 0 })
  expect(verified.status()).toBeLessThan(400)

  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(HOME)
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
})

test('an unverified user who signs in is sent to /confirm-email', async ({ page, request }) => {
  const user = await createUser(request, { verified: false })
  await signIn(page, user)
  await expect(page).toHaveURL(/\/confirm-email$/)
  await expect(page.getByText(user.email)).toBeVisible()
  // Protected routes send them back to confirm.
  await page.goto('/schedule')
  await expect(page).toHaveURL(/\/confirm-email$/)
  // The account page is theirs: it says 'Not Verified' and resends the e-mail.
  await page.goto('/me')
  await expect(page.getByText('Not Verified', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Resend Email' }).click()
  await expect(page.getByText(`We sent another email to ${user.email}.`)).toBeVisible()
  await page.goto('/confirm-email')

  // Verified elsewhere (the link opened in another tab): the page notices on its own.
  const link = await findVerificationLink(user.email)
  expect((await page.request.get(link, { maxRedirects: 0 })).status()).toBeLessThan(400)
  await expect(page).toHaveURL(HOME, { timeout: 15_000 })
})

test('signing in with a wrong password shows why, as plain text', async ({ page, request }) => {
  const user = await createUser(request)
  await page.goto('/signin')
  await expect(page).toHaveTitle('Sign In - Kindling')
  await expect(page.getByText('OR', { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible()
  await expect(page).toHaveURL(/\/signin$/)
})

test('signing in goes home; the account page shows the e-mail; Log Out goes to /signin', async ({
  signedInPage: { page, user },
}) => {
  await expect(page).toHaveURL(HOME)
  await page.goto('/me')
  await expect(page).toHaveTitle('Account - Kindling')
  await expect(page.getByText(user.email)).toBeVisible()
  await expect(page.getByText('Verified', { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL(/\/signin$/)
  await page.goto('/me')
  await expect(page.getByText('You must be signed in to view this page.')).toBeVisible()
})

test('a sign-out in one tab signs the other tabs out at once', async ({
  signedInPage: { page },
  context,
}) => {
  const other = await context.newPage()
  await other.goto('/events')
  await expect(other.getByRole('heading', { name: 'History', level: 1 })).toBeVisible()

  await page.goto('/me')
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL(/\/signin$/)
  // The other tab shows the signed-out notice without a reload or a token refresh.
  await expect(other.getByText('You must be signed in to view this page.')).toBeVisible()
  await other.close()
})

test('protected routes signed out offer Sign In and Create Account', async ({ page }) => {
  await page.goto('/activities')
  await expect(page.getByText('You must be signed in to view this page.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/create-account$/)
  await page.goto('/goals')
  await page.getByRole('link', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/signin$/)
})
