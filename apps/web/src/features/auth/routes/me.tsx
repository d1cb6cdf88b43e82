import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useCurrentUser } from '../../../lib/auth-state'
import { paths } from '../../../lib/paths'
import { confirm, confirmOnNative } from '../../../lib/platform'
import { destroyLocalCopy, flushOutbox } from '../../../lib/sync/store'
import { describeAuthError, getAuthErrorMessage } from '../api/auth-errors'
import { resendVerificationEmail, signOut } from '../auth-session'

/** /me: the account (SPEC §2 Header actions per page, Account). */
export function Component() {
  const user = useCurrentUser()
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)
  const [logOutError, setLogOutError] = useState<string>()
  if (!user) return null

  async function handleLogOut() {
    if (!(await confirmOnNative('Are you sure you want to sign out?'))) return
    setLogOutError(undefined)
    setSigningOut(true)
    // What can be sent is sent first; what cannot is only dropped if the user says so, and not
    // asked about while the server is out of reach: signing out needs it too (signOut below).
    const { unsent, reachable } = await flushOutbox()
    if (unsent > 0 && !reachable) {
      setSigningOut(false)
      setLogOutError(describeAuthError('network-request-failed'))
      return
    }
    if (unsent > 0) {
      const discard = await confirm(
        `${unsent === 1 ? '1 change has' : `${unsent} changes have`} not reached the server yet. Signing out deletes ${unsent === 1 ? 'it' : 'them'} from this device.`,
        {
          title: 'Discard unsent changes?',
          confirmLabel: 'Sign out anyway',
          cancelLabel: 'Stay signed in',
          destructive: true,
        },
      )
      if (!discard) {
        setSigningOut(false)
        return
      }
    }
    try {
      await signOut({ clearDevice: destroyLocalCopy })
    } catch (caught) {
      // Offline: nothing was cleared; the user stays, and is told why.
      setSigningOut(false)
      setLogOutError(getAuthErrorMessage(caught))
      return
    }
    navigate(paths.signIn(), { replace: true })
  }

  return (
    <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
      <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
      <Group>
        <Badge color={user.emailVerified ? 'green' : 'red'} variant="light" tt="none" size="lg">
          {user.emailVerified ? 'Verified' : 'Not Verified'}
        </Badge>
      </Group>
      {user.emailVerified ? null : <ResendEmail email={user.email} />}
      <Button variant="default" onClick={handleLogOut} loading={signingOut}>
        Log Out
      </Button>
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
  const [state, setState] = useState<{ busy: boolean; notice?: string; error?: string }>({
    busy: false,
  })

  async function handleResend() {
    setState({ busy: true })
    try {
      await resendVerificationEmail()
      setState({ busy: false, notice: `We sent another email to ${email}.` })
    } catch (caught) {
      console.error(caught)
      setState({ busy: false, error: getAuthErrorMessage(caught) })
    }
  }

  return (
    <Stack gap="xs">
      <Button variant="default" onClick={handleResend} loading={state.busy}>
        Resend Email
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
