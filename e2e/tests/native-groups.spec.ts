import { api, createUser, expect, signIn, test } from '../fixtures'
import { getNativeCalls, type NativePlatform, simulateNative } from './native-bridge'

/** Deleting a group or an activity on native asks the system dialog (SPEC §8); Cancel aborts. */
for (const platform of ['ios', 'android'] as NativePlatform[]) {
  test(`native ${platform}: deleting a group asks the native confirm`, async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the native shells run at phone size')
    await simulateNative(page, { platform })
    await signIn(page, await createUser(request))
    const group = await api<{ id: string }>(page, 'POST', 'groups', {
      name: 'Mornings',
      description: '',
      color: '#ff8800',
      activities: [],
    })
    await page.goto(`/groups/${group.id}`)
    await page.evaluate(() => {
      window.__nativeFake.confirmAnswers.push(false, true)
    })

    await page.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(async () => (await getNativeCalls(page, 'Dialog.confirm')).length).toBe(1)
    const [asked] = await getNativeCalls(page, 'Dialog.confirm')
    expect(asked?.options).toMatchObject({
      title: 'Delete Mornings',
      message: 'Are you sure you want to delete this group?',
      okButtonTitle: 'Delete',
      cancelButtonTitle: 'Cancel',
    })
    // Cancel: nothing deleted, no web modal on top of the native dialog.
    await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`))
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await api<{ id: string }[]>(page, 'GET', 'groups')).toHaveLength(1)

    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/activities$/)
    await expect(page.getByText('Deleted group Mornings')).toBeVisible()
    // The delete reaches the server through the outbox, after the screen shows it.
    await expect
      .poll(async () => (await api<{ id: string }[]>(page, 'GET', 'groups')).length)
      .toBe(0)
  })
}

test('native ios: deleting an activity asks the native confirm', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the native shells run at phone size')
  await simulateNative(page, { platform: 'ios' })
  await signIn(page, await createUser(request))
  const activity = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
  await page.goto(`/activities/${activity.id}`)
  await page.getByRole('tab', { name: 'Settings' }).click()
  await page.evaluate(() => {
    window.__nativeFake.confirmAnswers.push(false, true)
  })

  await page.getByRole('button', { name: 'Delete activity' }).click()
  await expect.poll(async () => (await getNativeCalls(page, 'Dialog.confirm')).length).toBe(1)
  const [asked] = await getNativeCalls(page, 'Dialog.confirm')
  expect(asked?.options).toMatchObject({
    title: 'Delete Stretch',
    message: 'Are you sure you want to delete this activity?',
  })
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await api<{ id: string }[]>(page, 'GET', 'activities')).toHaveLength(1)

  await page.getByRole('button', { name: 'Delete activity' }).click()
  await expect(page).toHaveURL(/\/activities$/)
  await expect
    .poll(async () => (await api<{ id: string }[]>(page, 'GET', 'activities')).length)
    .toBe(0)
})

test('native ios: the group menu is the system action sheet', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the native shells run at phone size')
  await simulateNative(page, { platform: 'ios' })
  await signIn(page, await createUser(request))
  const activity = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Stretch' })
  const group = await api<{ id: string }>(page, 'POST', 'groups', {
    name: 'Mornings',
    activities: [activity.id],
  })
  await page.goto('/activities')
  // First Cancel (the trailing button), then 'View Group' (index 1).
  await page.evaluate(() => {
    window.__nativeFake.actionSheetAnswers.push(4, 1)
  })

  await page.getByRole('button', { name: 'Group menu for Mornings' }).click()
  await expect
    .poll(async () => (await getNativeCalls(page, 'ActionSheet.showActions')).length)
    .toBe(1)
  const [shown] = await getNativeCalls(page, 'ActionSheet.showActions')
  expect(shown?.options).toMatchObject({
    title: 'Mornings',
    options: [
      { title: 'Add Activity' },
      { title: 'View Group' },
      { title: 'Edit Group' },
      { title: 'Delete Group', style: 'DESTRUCTIVE' },
      { title: 'Cancel', style: 'CANCEL' },
    ],
  })
  await expect(page).toHaveURL(/\/activities$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.getByRole('button', { name: 'Group menu for Mornings' }).click()
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`))
})
