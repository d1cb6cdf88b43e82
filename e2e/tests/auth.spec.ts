import {
  createUser,
  expect,
  expectNoSeriousA11yViolations,
  findResetLink,
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

  // The page also asks the server every 5 s by itself, so on a busy machine it may already have
  // gone home before Verify is pressed: either way the verified user lands home.
  const verify = page.getByRole('button', { name: 'Verify' })
  await expect(async () => {
    if (await verify.isVisible()) await verify.click({ timeout: 1000 })
    await expect(page).toHaveURL(HOME, { timeout: 1000 })
  }).toPass()
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

test('a forgotten password is reset by the mailed link; other sessions end; the new one signs in', async ({
  page,
  browser,
  request,
}) => {
  const user = await createUser(request)
  // Signed in on another device, which the reset signs out.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signIn(otherPage, user)

  await page.goto('/signin')
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page).toHaveTitle('Forgot Password - Kindling')
  await expect(page.getByLabel('Email')).toHaveValue(user.email)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('status')).toContainText(`If an account uses ${user.email}`)

  await page.goto(await findResetLink(user.email))
  await expect(page).toHaveTitle('Reset Password - Kindling')
  const newPassword = page.getByLabel('New password')
  const confirmation = page.getByLabel('Confirm password')
  await newPassword.fill('password1')
  // Typed twice: a mismatch is said at once, and nothing is sent (issue 51).
  await confirmation.fill('password2')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page.getByText('Passwords do not match.')).toBeVisible()
  await confirmation.fill('password1')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'This password is too common. Choose one that is harder to guess.',
  )
  await newPassword.fill('a fresh start 2026')
  await confirmation.fill('a fresh start 2026')
  await expect(page.getByText('Passwords do not match.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page.getByRole('status')).toContainText('Your password is changed')
  await expectNoSeriousA11yViolations(page)

  // The link works once.
  await page.goto(await findResetLink(user.email))
  await page.getByLabel('New password').fill('another fresh start')
  await page.getByLabel('Confirm password').fill('another fresh start')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'This link is invalid, used or expired. Ask for a new one.',
  )
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()

  // The other device's session is gone: its next sign-in check finds nobody.
  await otherPage.reload()
  await expect(otherPage.getByRole('button', { name: 'Sign In' })).toBeVisible()
  await other.close()

  await signIn(page, { ...user, password: 'a fresh start 2026' })
  await expect(page).toHaveURL(HOME)
})

test('choosing a common or blank password at sign-up says why and creates nothing', async ({
  page,
}) => {
  await page.goto('/create-account')
  await page.getByLabel('Email').fill(uniqueEmail('weak'))
  for (const [password, why] of [
    ['12345678', 'This password is too common. Choose one that is harder to guess.'],
    ['          ', 'Password cannot be only spaces.'],
  ]) {
    await page.getByLabel('Password').fill(password as string)
    await page.getByRole('button', { name: 'Create Account', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText(why as string)
    await expect(page).toHaveURL(/\/create-account$/)
  }
})

test('signing in goes home; the account page shows the e-mail; Log Out goes to /signin', async ({
  page,
  request,
}) => {
  const user = await createUser(request)
  await signIn(page, user)
  await expect(page).toHaveURL(HOME)
  await page.goto('/me')
  await expect(page).toHaveTitle('Account - Kindling')
  await expect(page.getByText(user.email, { exact: true })).toBeVisible()
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
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/create-account$/)
  await page.goto('/goals')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/signin$/)
})

test("signed out, '/' on a phone goes to /schedule (SPEC §2) and says to sign in there", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'home hands over to the schedule on phones only')
  await page.goto('/')
  await expect(page).toHaveURL(/\/schedule$/)
  await expect(page).toHaveTitle('Schedule - Kindling')
  await expect(page.getByText('You must be signed in to view this page.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toBeVisible()
})
