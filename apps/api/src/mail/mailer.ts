import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isRightToLeft, type Language, PRODUCT_NAME } from '@kindling/core'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'
import { translator } from '../i18n/translate'

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

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** What one e-mail says, each text already in its reader's language. */
export interface MailContent {
  subject: string
  /** The large line on top (the product's name, or the habit's). */
  heading: string
  paragraphs: string[]
  /** The one link: a button in HTML; in plain text `textLead` then the address. */
  link?: { url: string; button: string; textLead: string; htmlLead: string }
  /** The grey line at the end (why you got it, how to stop it). */
  footnote?: string
}

/**
 * An e-mail in `language` (decision 161): plain text and HTML from the same translated texts,
 * `<html lang dir>` set so that a mail reader lays Arabic out right to left.
 */
export function renderMail(to: string, language: Language, content: MailContent): MailMessage {
  const { link, footnote } = content
  const text = [...content.paragraphs]
  if (link) text.push('', link.textLead, '', link.url)
  if (footnote) text.push('', footnote)
  const href = link ? escapeHtml(link.url) : ''
  const dir = isRightToLeft(language) ? 'rtl' : 'ltr'
  const html = [
    `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif">`,
    `<h1 style="color:#fd7e14">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(link
      ? [
          `<p><a href="${href}" style="background:#fd7e14;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.button)}</a></p>`,
          `<p>${escapeHtml(link.htmlLead)} <a href="${href}">${href}</a></p>`,
        ]
      : []),
    ...(footnote ? [`<p style="color:#888">${escapeHtml(footnote)}</p>`] : []),
    '</body></html>',
  ].join('\n')
  return { to, subject: content.subject, text: text.join('\n'), html }
}

/** The account verification message: subject, plain text and HTML, one absolute link. */
export function buildVerificationMail(to: string, url: string, language: Language): MailMessage {
  const t = translator(language)
  return renderMail(to, language, {
    subject: t('Confirm your e-mail for Kindling'),
    heading: PRODUCT_NAME,
    paragraphs: [
      t('Welcome to Kindling! Confirm your e-mail address to start tracking your habits.'),
    ],
    link: {
      url,
      button: t('Confirm e-mail'),
      textLead: t('Confirm your e-mail address by opening this link:'),
      htmlLead: t('Or open this link:'),
    },
    footnote: t('If you did not create a Kindling account, ignore this message.'),
  })
}

/** The password reset message: one link to the app's page for a new password. */
export function buildPasswordResetMail(to: string, url: string, language: Language): MailMessage {
  const t = translator(language)
  return renderMail(to, language, {
    subject: t('Reset your Kindling password'),
    heading: PRODUCT_NAME,
    paragraphs: [t('Someone asked to reset the password of your Kindling account.')],
    link: {
      url,
      button: t('Choose a new password'),
      textLead: t('Choose a new password by opening this link (it works once, for an hour):'),
      htmlLead: t('Or open this link (it works once, for an hour):'),
    },
    footnote: t('If it was not you, ignore this message: your password stays as it is.'),
  })
}

/**
 * A reminder by e-mail (issue 18): the habit's name, and a link to its page. `message` is the
 * push's title and body, in `language` already (reminderMessage).
 */
export function buildReminderMail(
  to: string,
  message: { title: string; body: string },
  url: string,
  language: Language,
): MailMessage {
  const t = translator(language)
  const name = message.title
  return renderMail(to, language, {
    subject: t('Reminder: {name}', { name }),
    heading: name,
    paragraphs: [message.body],
    link: {
      url,
      button: t('Open {name}', { name }),
      textLead: t('Log it:'),
      htmlLead: t('Or open this link:'),
    },
    footnote: t('E-mail reminders can be turned off on your Kindling account page.'),
  })
}

/** A webhook turned off after failing for a day (issue 52): which one, and where to look. */
export function buildWebhookDisabledMail(
  to: string,
  webhookUrl: string,
  accountUrl: string,
  language: Language,
): MailMessage {
  const t = translator(language)
  return renderMail(to, language, {
    subject: t('Kindling stopped sending to a webhook'),
    heading: PRODUCT_NAME,
    paragraphs: [
      t('Your Kindling webhook to {url} has failed for a day, so it was turned off.', {
        url: webhookUrl,
      }),
      t(
        'Nothing more is sent to it. Once the receiving service works again, turn the webhook on again on your account page.',
      ),
    ],
    link: {
      url: accountUrl,
      button: t('Open your account'),
      textLead: t('Your account page:'),
      htmlLead: t('Or open this link:'),
    },
  })
}
