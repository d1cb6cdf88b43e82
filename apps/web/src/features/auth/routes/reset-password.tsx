import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { AuthError } from '../api/auth-errors'
import { resetPassword } from '../api/auth-requests'
import { checkSession } from '../auth-session'
import { useAuthSubmit } from '../hooks/use-auth-submit'

/** /reset-password?token=…: the page the reset e-mail links to; sets the new password. */
export function Component() {
  const t = useT()
  const token = useSearchParams()[0].get('token')
  const [password, setPassword] = useState('')
  // Typed twice (issue 51): a slip of the finger is not found out only at the next sign-in.
  const [confirmation, setConfirmation] = useState('')
  const [confirmTouched, setConfirmTouched] = useState(false)
  const [done, setDone] = useState(false)
  const { handleSubmit, submitting, error, caught } = useAuthSubmit(async () => {
    if (!token) return
    await resetPassword(token, password)
    setDone(true)
    // The server signed every session out, this one too if there was one.
    void checkSession()
  })
  const badLink = caught instanceof AuthError && caught.code === 'invalid-action-code'
  const mismatch = confirmation !== password
  const mismatchError = confirmTouched && mismatch ? t('Passwords do not match.') : null

  function submit(event: FormEvent) {
    if (mismatch) {
      event.preventDefault()
      setConfirmTouched(true)
      return
    }
    void handleSubmit(event)
  }

  const askAgain = (
    <Anchor component={Link} to={paths.forgotPassword()} size="sm">
      {t('Ask for a new link')}
    </Anchor>
  )

  if (done) {
    return (
      <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
        <Text role="status">
          {t(
            'Your password is changed, and every device was signed out. Sign in with the new password.',
          )}
        </Text>
        <Button component={Link} to={paths.signIn()} fullWidth>
          {t('Sign In')}
        </Button>
      </Stack>
    )
  }

  if (!token) {
    return (
      <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
        <Text role="alert">{t('This link is incomplete. Open the link in the email again.')}</Text>
        {askAgain}
      </Stack>
    )
  }

  return (
    <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
      <Text>{t('Choose a new password for your account.')}</Text>
      <form onSubmit={submit}>
        <Stack gap="md">
          <PasswordInput
            label={t('New password')}
            autoComplete="new-password"
            required
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('Confirm password')}
            autoComplete="new-password"
            required
            value={confirmation}
            error={mismatchError}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            onBlur={() => setConfirmTouched(confirmation !== '')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            {t('Set Password')}
          </Button>
          {error && (
            <Text role="alert" size="sm">
              {error}
            </Text>
          )}
          {badLink && askAgain}
        </Stack>
      </form>
    </Stack>
  )
}
