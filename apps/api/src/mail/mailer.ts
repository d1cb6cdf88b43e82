import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PRODUCT_NAME } from '@kindling/core'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

/**
 * Real SMTP when `smtpUrl` is set; otherwise the dev outbox: each message is written as an .eml
 * file under DATA_DIR/outbox/ and its first link is logged.
 */
export function createMailer(options: {
  smtpUrl: string | undefined
  from: string
  dataDir: string
  logger: Logger
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
      },
      close: () => transport.close(),
    }
  }
  const outbox = join(options.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message })
      mkdirSync(outbox, { recursive: true })
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe(message.to)}.eml`,
      )
      writeFileSync(file, info.message as Buffer)
      const link = message.text.match(/https?:\/\/\S+/)?.[0]
      options.logger.info(
        { to: message.to, file, link },
        `dev outbox: ${message.subject} ${link ?? ''}`,
      )
    },
    close: () => transport.close(),
  }
}

function safe(value: string): string {
  return value.replace(/[^a-zA-Z0-9@._-]/g, '_')
}

/** The account verification message: subject, plain text and HTML, one absolute link. */
export function buildVerificationMail(to: string, url: string): MailMessage {
  const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return {
    to,
    subject: `Confirm your e-mail for ${PRODUCT_NAME}`,
    text: [
      `Welcome to ${PRODUCT_NAME}!`,
      '',
      'Confirm your e-mail address by opening this link:',
      '',
      url,
      '',
      `If you did not create a ${PRODUCT_NAME} account, ignore this message.`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">
<h1 style="color:#fd7e14">${PRODUCT_NAME}</h1>
<p>Welcome to ${PRODUCT_NAME}! Confirm your e-mail address to start tracking your habits.</p>
<p><a href="${escaped}" style="background:#fd7e14;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Confirm e-mail</a></p>
<p>Or open this link: <a href="${escaped}">${escaped}</a></p>
<p style="color:#888">If you did not create a ${PRODUCT_NAME} account, ignore this message.</p>
</body></html>`,
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The password reset message: one link to the app's page for a new password. */
export function buildPasswordResetMail(to: string, url: string): MailMessage {
  const link = escapeHtml(url)
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} account.`,
      '',
      'Choose a new password by opening this link (it works once, for an hour):',
      '',
      url,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">
<h1 style="color:#fd7e14">${PRODUCT_NAME}</h1>
<p>Someone asked to reset the password of your ${PRODUCT_NAME} account.</p>
<p><a href="${link}" style="background:#fd7e14;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p>Or open this link (it works once, for an hour): <a href="${link}">${link}</a></p>
<p style="color:#888">If it was not you, ignore this message: your password stays as it is.</p>
</body></html>`,
  }
}

/** A reminder by e-mail (issue 18): the habit's name, and a link to its page. */
export function buildReminderMail(
  to: string,
  message: { title: string; body: string },
  url: string,
): MailMessage {
  const name = escapeHtml(message.title)
  const link = escapeHtml(url)
  return {
    to,
    subject: `Reminder: ${message.title}`,
    text: [
      message.body,
      '',
      `Log it: ${url}`,
      '',
      `E-mail reminders can be turned off on your ${PRODUCT_NAME} account page.`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">
<h1 style="color:#fd7e14">${name}</h1>
<p>${escapeHtml(message.body)}</p>
<p><a href="${link}" style="background:#fd7e14;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open ${name}</a></p>
<p style="color:#888">E-mail reminders can be turned off on your ${PRODUCT_NAME} account page.</p>
</body></html>`,
  }
}

/** A webhook turned off after failing for a day (issue 52): which one, and where to look. */
export function buildWebhookDisabledMail(
  to: string,
  webhookUrl: string,
  accountUrl: string,
): MailMessage {
  const target = escapeHtml(webhookUrl)
  const link = escapeHtml(accountUrl)
  return {
    to,
    subject: `${PRODUCT_NAME} stopped sending to a webhook`,
    text: [
      `Your ${PRODUCT_NAME} webhook to ${webhookUrl} has failed for a day, so it was turned off.`,
      'Nothing more is sent to it. Once the receiving service works again, add the webhook anew:',
      '',
      accountUrl,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">
<h1 style="color:#fd7e14">${PRODUCT_NAME}</h1>
<p>Your webhook to <code>${target}</code> has failed for a day, so it was turned off.</p>
<p>Nothing more is sent to it. Once the receiving service works again, add the webhook anew on your account page.</p>
<p><a href="${link}" style="background:#fd7e14;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open your account</a></p>
</body></html>`,
  }
}
