import { Button, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useT } from '../../../lib/i18n'
import { slots, withNodes } from '../../../lib/i18n-nodes'
import { paths } from '../../../lib/paths'
import { requestPasswordReset } from '../api/auth-requests'
import type { ForgotPasswordState } from '../components/credentials-form'
import { EmailInput } from '../components/email-input'
import { useAuthSubmit } from '../hooks/use-auth-submit'

/** /forgot-password: mails a link to choose a new password (issue 14). */
export function Component() {
  const t = useT()
  const typed = (useLocation().state as ForgotPasswordState | null)?.email ?? ''
  const [email, setEmail] = useState(typed)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { handleSubmit, submitting, error } = useAuthSubmit(async () => {
    await requestPasswordReset(email.trim())
    setSentTo(email.trim())
  })

  if (sentTo) {
    return (
      <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
        <Text role="status">
          {withNodes(
            t(
              'If an account uses {email}, we sent it a link to choose a new password. The link works once, for an hour.',
              slots('email'),
            ),
            {
              email: (
                <Text span fw={700}>
                  {sentTo}
                </Text>
              ),
            },
          )}
        </Text>
        <Button component={Link} to={paths.signIn()} fullWidth>
          {t('Sign In')}
        </Button>
      </Stack>
    )
  }

  return (
    <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
      <Text>
        {t('Enter the email of your account and we will send you a link to choose a new password.')}
      </Text>
      <form onSubmit={handleSubmit}>
        <Stack gap="md">
          <EmailInput value={email} onChange={setEmail} autoFocus />
          <Button type="submit" loading={submitting} fullWidth>
            {t('Send Reset Link')}
          </Button>
          {error && (
            <Text role="alert" size="sm">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </Stack>
  )
}
