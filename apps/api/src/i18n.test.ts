import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import {
  caller,
  createBackend,
  nextIp,
  ORIGIN,
  readMail,
  signUp,
  startApp,
  startSmtp,
  type TestUser,
} from './test/harness'
import { startPushService } from './test/push-service'

/*
 * The server speaks the user's language (issue 54, decision 161): e-mails and pushes in the
 * account's language (a sign-up's in the one its app asked in), error messages in the request's.
 */
describe('the server in the user’s language', () => {
  let app: App
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let push: Awaited<ReturnType<typeof startPushService>>
  let backend: Awaited<ReturnType<typeof createBackend>>
  let user: TestUser
  const clock = { now: new Date('2026-03-07T12:00:00.000Z') }
  const call = caller(() => app)

  beforeAll(async () => {
    smtp = await startSmtp()
    push = await startPushService()
    backend = await createBackend('pglite')
    app = await startApp(backend, smtp.url, {}, { clock: () => clock.now, testPushService: push })
    user = await signUp(app, smtp, 'ines-i18n@example.com')
  })

  afterAll(async () => {
    await app?.close()
    await push?.close()
    await smtp?.close()
    await backend?.drop()
  })

  const signUpIn = (email: string, acceptLanguage: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { ...ORIGIN, 'accept-language': acceptLanguage },
      remoteAddress: nextIp(),
      payload: { email, password: 'correct horse battery' },
    })

  it('mails the verification in the language the sign-up asked in, German or Arabic', async () => {
    expect((await signUpIn('jonas-i18n@example.com', 'de-AT, de;q=0.9, en;q=0.5')).statusCode).toBe(
      200,
    )
    const german = readMail((await smtp.waitFor('jonas-i18n@example.com')).raw)
    expect(german.subject).toBe('Bestätige deine E-Mail-Adresse für Kindling')
    expect(german.text).toContain('Bestätige deine E-Mail-Adresse über diesen Link:')
    expect(german.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/)
    expect(german.html).toContain('<html lang="de" dir="ltr">')
    expect(german.html).toContain('>E-Mail bestätigen</a>')

    expect((await signUpIn('layla-i18n@example.com', 'ar-EG')).statusCode).toBe(200)
    const arabic = readMail((await smtp.waitFor('layla-i18n@example.com')).raw)
    expect(arabic.subject).toBe('أكّد بريدك الإلكتروني في Kindling')
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">')
    expect(arabic.text).toContain('إذا لم تُنشئ حسابًا في Kindling، فتجاهل هذه الرسالة.')
  })

  it('keeps English for a language Kindling does not speak', async () => {
    expect((await signUpIn('piet-i18n@example.com', 'nl-NL, nl')).statusCode).toBe(200)
    const mail = readMail((await smtp.waitFor('piet-i18n@example.com')).raw)
    expect(mail.subject).toBe('Confirm your e-mail for Kindling')
    expect(mail.html).toContain('<html lang="en" dir="ltr">')
  })

  it('mails a password reset in the account’s language over the request’s', async () => {
    await call(user, 'PUT', '/api/settings', { language: 'fr' })
    smtp.mails.splice(0, smtp.mails.length)
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { ...ORIGIN, 'accept-language': 'ja' },
      remoteAddress: nextIp(),
      payload: { email: user.email, redirectTo: '/reset-password' },
    })
    expect(asked.statusCode).toBe(200)
    const mail = readMail((await smtp.waitFor(user.email)).raw)
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Kindling')
    expect(mail.text).toContain(
      'Choisissez un nouveau mot de passe en ouvrant ce lien (valable une seule fois, pendant une heure) :',
    )
    expect(mail.text).toContain('/reset-password?token=')
  })

  it('answers error messages in the request’s language; the code stays English', async () => {
    const french = { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' }
    const missing = await app.inject({
      method: 'GET',
      url: '/api/activities/0190a0a0-0000-7000-8000-000000000000',
      headers: { authorization: `Bearer ${user.token}`, ...french },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({
      error: { code: 'not-found', message: 'Habitude introuvable.' },
    })

    const refused = await app.inject({
      method: 'POST',
      url: '/api/reminders',
      headers: { authorization: `Bearer ${user.token}`, ...french },
      payload: { activityId: '0190a0a0-0000-7000-8000-000000000000', time: '07:30' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      error: {
        code: 'validation-failed',
        message: 'activityId : Ce n’est pas une de vos habitudes.',
        fields: { activityId: 'Ce n’est pas une de vos habitudes.' },
        reasons: { activityId: { code: 'not-an-activity' } },
      },
    })

    // Text the database cannot store, refused before any route reads it.
    const unstorable = await app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: { authorization: `Bearer ${user.token}`, ...french },
      payload: { name: 'Lire\u0000' },
    })
    expect(unstorable.statusCode).toBe(400)
    expect(unstorable.json().error).toEqual({
      code: 'validation-failed',
      message: 'name : Ne doit pas contenir de caractères NUL.',
      fields: { name: 'Ne doit pas contenir de caractères NUL.' },
    })

    const anonymous = await app.inject({ method: 'GET', url: '/api/goals', headers: french })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error).toEqual({
      code: 'unauthenticated',
      message: 'Connectez-vous : envoyez Authorization: Bearer <id token>.',
    })

    // Without Accept-Language, English as before.
    const english = await call(user, 'GET', '/api/activities/0190a0a0-0000-7000-8000-000000000000')
    expect(english.json().error.message).toBe('Activity not found.')
  })

  it('answers the field problems of core’s schemas in the request’s language, codes unchanged', async () => {
    const french = { authorization: `Bearer ${user.token}`, 'accept-language': 'fr' }
    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: french,
      payload: { name: 'Lire vingt pages chaque soir' },
    })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toEqual({
      error: {
        code: 'validation-failed',
        message: 'name : Le nom doit faire 20 caractères au plus.',
        fields: { name: 'Le nom doit faire 20 caractères au plus.' },
      },
    })

    // Checked by the route's schema (zod's own message), before the handler.
    const badPage = await app.inject({ method: 'GET', url: '/api/events?limit=0', headers: french })
    expect(badPage.statusCode).toBe(400)
    expect(badPage.json().error).toEqual({
      code: 'validation-failed',
      message: 'limit : Trop petit : au moins 1',
      fields: { limit: 'Trop petit : au moins 1' },
    })

    // Core's checks of an event's values, in Japanese.
    const habit = await call(user, 'POST', '/api/activities', { name: 'Lire' })
    const pages = await call(user, 'POST', '/api/attributes', {
      activityId: habit.json().id,
      type: 'number',
      name: 'Pages',
      min: 1,
      max: 500,
    })
    expect(pages.statusCode).toBe(201)
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...french, 'accept-language': 'ja' },
      payload: {
        activityId: habit.json().id,
        eventDate: '2026-03-07',
        attributes: { [pages.json().id]: 900 },
      },
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error.fields).toEqual({
      [`attributes.${pages.json().id}`]: '500以下にしてください。',
    })
    // English as before, without Accept-Language.
    const english = await call(user, 'POST', '/api/activities', {
      name: 'Read twenty pages a night',
    })
    expect(english.json().error.fields).toEqual({ name: 'Name must be 20 characters or less.' })
  })

  it('names by a stable reason what another device deleted, whatever the language of the words', async () => {
    const german = { authorization: `Bearer ${user.token}`, 'accept-language': 'de' }
    const read = await call(user, 'POST', '/api/activities', { name: 'Lesen' })
    const walk = await call(user, 'POST', '/api/activities', { name: 'Gehen' })
    const mood = await call(user, 'POST', '/api/attributes', {
      activityId: read.json().id,
      type: 'text',
      name: 'Stimmung',
    })
    await call(user, 'DELETE', `/api/activities/${walk.json().id}`)
    await call(user, 'DELETE', `/api/attributes/${mood.json().id}`)

    const group = await app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: german,
      payload: { name: 'Morgens', activities: [read.json().id, walk.json().id] },
    })
    expect(group.statusCode).toBe(400)
    expect(group.json().error).toEqual({
      code: 'validation-failed',
      message: `activities: Keine deiner Gewohnheiten: ${walk.json().id}`,
      fields: { activities: `Keine deiner Gewohnheiten: ${walk.json().id}` },
      reasons: { activities: { code: 'not-an-activity', ids: [walk.json().id] } },
    })

    const field = `attributes.${mood.json().id}`
    const event = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: german,
      payload: {
        activityId: read.json().id,
        eventDate: '2026-03-07',
        attributes: { [mood.json().id]: 'ruhig' },
      },
    })
    expect(event.statusCode).toBe(400)
    expect(event.json().error).toEqual({
      code: 'validation-failed',
      message: `${field}: Kein Merkmal dieser Gewohnheit.`,
      fields: { [field]: 'Kein Merkmal dieser Gewohnheit.' },
      reasons: { [field]: { code: 'not-an-attribute' } },
    })
  })

  it('sends a reminder push, and its e-mail, in German', async () => {
    await call(user, 'PUT', '/api/settings', {
      language: 'de',
      timeZone: 'UTC',
      emailReminders: true,
    })
    const habit = await call(user, 'POST', '/api/activities', { name: 'Meditieren' })
    const reminder = await call(user, 'POST', '/api/reminders', {
      activityId: habit.json().id,
      time: '13:00',
    })
    expect(reminder.statusCode).toBe(201)
    const subscriber = push.subscribe()
    expect(
      (await call(user, 'POST', '/api/push/subscriptions', subscriber.subscription)).statusCode,
    ).toBe(201)
    smtp.mails.splice(0, smtp.mails.length)

    const deliveries = await app.reminders.tick(new Date('2026-03-07T13:00:02.000Z'))
    expect(deliveries.find((d) => d.reminderId === reminder.json().id)).toMatchObject({
      status: 'sent',
      sent: 2,
    })
    const received = push.received.find((m) => m.payload.reminderId === reminder.json().id)
    expect(received?.payload).toMatchObject({
      title: 'Meditieren',
      body: 'Zeit für Meditieren. Erinnerung von Kindling.',
      actions: { done: 'Erledigt', snooze: '1 Stunde später' },
    })
    const mail = readMail((await smtp.waitFor(user.email)).raw)
    expect(mail.subject).toBe('Erinnerung: Meditieren')
    expect(mail.text).toContain(
      'E-Mail-Erinnerungen kannst du auf deiner Kindling-Kontoseite ausschalten.',
    )
  })
})
