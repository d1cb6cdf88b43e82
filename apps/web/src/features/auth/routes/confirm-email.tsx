import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { useAuthState } from '../../../lib/auth-state'
import { useT } from '../../../lib/i18n'
import { slots, withNodes } from '../../../lib/i18n-nodes'
import { paths } from '../../../lib/paths'
import { getAuthErrorMessage } from '../api/auth-errors'
import { reloadUser, resendVerificationEmail, signOut } from '../auth-session'

/** How often the page asks whether the link in the e-mail has been followed. */
const POLL_INTERVAL_MS = 5000

/** /confirm-email: waits for the e-mail to be verified, then goes home (SPEC §2, §4). */
export function Component() {
  const t = useT()
  const navigate = useNavigate()
  const pendingEmail = useAuthState((auth) => auth.pendingEmail ?? auth.user?.email ?? null)
  const verified = useAuthState((auth) => Boolean(auth.user?.emailVerified))
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState<'resend' | 'verify' | null>(null)

  const poll = useCallback(() => {
    reloadUser().catch(() => {
      // Polling is best effort; Verify reports failures.
    })
  }, [])

  useEffect(() => {
    const timer = window.setInterval(poll, POLL_INTERVAL_MS)
    window.addEventListener('focus', poll)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener('focus', poll)
    }
  }, [poll])

  if (verified) return <Navigate to={paths.home()} replace />

  async function handleResend() {
    setError(null)
    setNotice(null)
    setBusy('resend')
    try {
      await resendVerificationEmail()
      setNotice(
        pendingEmail
          ? t('We sent another email to {email}.', { email: pendingEmail })
          : t('We sent another email to your address.'),
      )
    } catch (caught) {
      console.error(caught)
      setError(getAuthErrorMessage(caught))
    } finally {
      setBusy(null)
    }
  }

  async function handleVerify() {
    setError(null)
    setNotice(null)
    setBusy('verify')
    try {
      if (await reloadUser()) navigate(paths.home(), { replace: true })
      else setError(t('Your email is not verified yet. Open the link in the email we sent you.'))
    } catch (caught) {
      console.error(caught)
      setError(getAuthErrorMessage(caught))
    } finally {
      setBusy(null)
    }
  }

  return (
    <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
      <Title order={2}>{t('Confirm Email')}</Title>
      <Text>
        {withNodes(
          t(
            'We sent a confirmation email to {email}. Open the link in it to verify your account, then press Verify.',
            slots('email'),
          ),
          {
            email: (
              <Text span fw={700}>
                {pendingEmail ?? t('your email address')}
              </Text>
            ),
          },
        )}
      </Text>
      <Group grow>
        <Button variant="default" onClick={handleResend} loading={busy === 'resend'}>
          {t('Resend Email')}
        </Button>
        <Button onClick={handleVerify} loading={busy === 'verify'}>
          {t('Verify')}
        </Button>
      </Group>
      {error && (
        <Text role="alert" c="red.4" size="sm">
          {error}
        </Text>
      )}
      {notice && (
        <Text role="status" size="sm" c="dimmed">
          {notice}
        </Text>
      )}
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        onClick={async () => {
          await signOut()
          navigate(paths.signIn(), { replace: true })
        }}
      >
        {t('Use a different account')}
      </Button>
    </Stack>
  )
}
