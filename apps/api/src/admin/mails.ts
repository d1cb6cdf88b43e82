import { PRODUCT_NAME } from '@kindling/core'
import type { MailMessage } from '../mail/mailer'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The invitation an admin e-mails: one link to the create-account page. */
export function buildInvitationMail(to: string, url: string, days: number): MailMessage {
  const link = escapeHtml(url)
  return {
    to,
    subject: `You are invited to ${PRODUCT_NAME}`,
    text: [
      `You are invited to keep your habits with ${PRODUCT_NAME}.`,
      '',
      `Create your account by opening this link (it works once, for ${days} days):`,
      '',
      url,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">
<h1 style="color:#fd7e14">${PRODUCT_NAME}</h1>
<p>You are invited to keep your habits with ${PRODUCT_NAME}.</p>
<p><a href="${link}" style="background:#fd7e14;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Create your account</a></p>
<p>Or open this link (it works once, for ${days} days): <a href="${link}">${link}</a></p>
</body></html>`,
  }
}

/** The admin's 'Send test e-mail': proof that the server's mail reaches someone. */
export function buildTestMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: `${PRODUCT_NAME} test e-mail`,
    text: `This is a test e-mail from the ${PRODUCT_NAME} server at ${publicUrl}. Its e-mail works.`,
    html: `<!doctype html><html><body style="font-family:sans-serif">
<h1 style="color:#fd7e14">${PRODUCT_NAME}</h1>
<p>This is a test e-mail from the ${PRODUCT_NAME} server at ${escapeHtml(publicUrl)}. Its e-mail works.</p>
</body></html>`,
  }
}
