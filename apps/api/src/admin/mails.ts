import { type Language, PRODUCT_NAME } from '@kindling/core'
import { translator } from '../i18n/translate'
import { type MailMessage, renderMail } from '../mail/mailer'

/** The invitation an admin e-mails: one link to the create-account page. */
export function buildInvitationMail(
  to: string,
  url: string,
  days: number,
  language: Language,
): MailMessage {
  const t = translator(language)
  return renderMail(to, language, {
    subject: t('You are invited to Kindling'),
    heading: PRODUCT_NAME,
    paragraphs: [t('You are invited to keep your habits with Kindling.')],
    link: {
      url,
      button: t('Create your account'),
      textLead: t(
        'Create your account by opening this link (it works once, for {days, plural, one {# day} other {# days}}):',
        { days },
      ),
      htmlLead: t(
        'Or open this link (it works once, for {days, plural, one {# day} other {# days}}):',
        { days },
      ),
    },
  })
}

/** The admin's 'Send test e-mail': proof that the server's mail reaches someone. */
export function buildTestMail(to: string, publicUrl: string, language: Language): MailMessage {
  const t = translator(language)
  return renderMail(to, language, {
    subject: t('Kindling test e-mail'),
    heading: PRODUCT_NAME,
    paragraphs: [
      t('This is a test e-mail from the Kindling server at {url}. Its e-mail works.', {
        url: publicUrl,
      }),
    ],
  })
}
