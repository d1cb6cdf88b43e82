import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useCurrentUser } from '../../../lib/auth-state'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { confirm, confirmOnNative } from '../../../lib/platform-actions'
import { destroyLocalCopy, flushOutbox } from '../../../lib/sync/store'
import { describeAuthError, getAuthErrorMessage } from '../api/auth-errors'
import { resendVerificationEmail, signOut } from '../auth-session'

/** /me: the account (SPEC §2 Header actions per page, Account). */
export function Component() {
  const t = useT()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState<'here' | 'everywhere'>()
  const [logOutError, setLogOutError] = useState<string>()
  if (!user) return null

  /**
   * Log Out, or 'Sign out everywhere' (issue 52): every device's session and every personal API
   * token end too, which the user confirms first.
   */
  async function handleLogOut(where: 'here' | 'everywhere' = 'here') {
    const sure =
      where === 'everywhere'
        ? await confirm(
            t('Every device is signed out, this one too, and every API token stops working.'),
            {
              title: t('Sign out everywhere?'),
              confirmLabel: t('Sign out everywhere'),
              destructive: true,
            },
          )
        : await confirmOnNative(t('Are you sure you want to sign out?'))
    if (!sure) return
    setLogOutError(undefined)
    setSigningOut(where)
    // What can be sent is sent first; what cannot is only dropped if the user says so, and not
    // asked about while the server is out of reach: signing out needs it too (signOut below).
    const { unsent, reachable } = await flushOutbox()
    if (unsent > 0 && !reachable) {
      setSigningOut(undefined)
      setLogOutError(describeAuthError('network-request-failed'))
      return
    }
    if (unsent > 0) {
      const discard = await confirm(
        t(
          '{count, plural, one {# change has not reached the server yet. Signing out deletes it from this device.} other {# changes have not reached the server yet. Signing out deletes them from this device.}}',
          { count: unsent },
        ),
        {
          title: t('Discard unsent changes?'),
          confirmLabel: t('Sign out anyway'),
          cancelLabel: t('Stay signed in'),
          destructive: true,
        },
      )
      if (!discard) {
        setSigningOut(undefined)
        return
      }
    }
    try {
      await signOut({ clearDevice: destroyLocalCopy, everywhere: where === 'everywhere' })
    } catch (caught) {
      // Offline: nothing was cleared; the user stays, and is told why.
      setSigningOut(undefined)
      setLogOutError(getAuthErrorMessage(caught))
      return
    }
    navigate(paths.signIn(), { replace: true })
  }

  return (
    <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
      <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {/* An address reads left to right in a right-to-left page too. */}
        <bdi>{user.email}</bdi>
      </Text>
      <Group>
        <Badge color={user.emailVerified ? 'green' : 'red'} variant="light" tt="none" size="lg">
          {user.emailVerified ? t('Verified') : t('Not Verified')}
        </Badge>
      </Group>
      {user.emailVerified ? null : <ResendEmail email={user.email} />}
      <Button
        variant="default"
        onClick={() => handleLogOut()}
        loading={signingOut === 'here'}
        disabled={signingOut === 'everywhere'}
      >
        {t('Log Out')}
      </Button>
      {user.emailVerified ? (
        <Button
          variant="subtle"
          color="red"
          onClick={() => handleLogOut('everywhere')}
          loading={signingOut === 'everywhere'}
          disabled={signingOut === 'here'}
        >
          {t('Sign out everywhere')}
        </Button>
      ) : null}
      {logOutError ? (
        <Text size="sm" c="red.5" role="alert">
          {logOutError}
        </Text>
      ) : null}
    </Stack>
  )
}

/** For an unverified account: send the confirmation e-mail again, saying how it went. */
function ResendEmail({ email }: { email: string }) {
  const t = useT()
  const [state, setState] = useState<{ busy: boolean; notice?: string; error?: string }>({
    busy: false,
  })

  async function handleResend() {
    setState({ busy: true })
    try {
      await resendVerificationEmail()
      setState({ busy: false, notice: t('We sent another email to {email}.', { email }) })
    } catch (caught) {
      console.error(caught)
      setState({ busy: false, error: getAuthErrorMessage(caught) })
    }
  }

  return (
    <Stack gap="xs">
      <Button variant="default" onClick={handleResend} loading={state.busy}>
        {t('Resend Email')}
      </Button>
      {state.notice ? (
        <Text size="sm" role="status">
          {state.notice}
        </Text>
      ) : null}
      {state.error ? (
        <Text size="sm" c="red.5" role="alert">
          {state.error}
        </Text>
      ) : null}
    </Stack>
  )
}
