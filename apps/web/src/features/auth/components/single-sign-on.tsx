import { Button, Text } from '@mantine/core'
import { useState } from 'react'
import { msg, t } from '../../../lib/i18n'
import { isNativePlatform } from '../../../lib/platform'
import { getAuthErrorMessage } from '../api/auth-errors'
import { startSingleSignOn } from '../api/auth-requests'
import { useInstanceInfo } from '../hooks/use-instance-info'
import { startNativeSingleSignOn } from '../native-sign-in'

/**
 * The server's single sign-on button ('Sign in with Authentik', OIDC_BUTTON), when it has one
 * (issue 53): the browser goes to the provider and comes back signed in. The native shells open
 * the system browser, which comes back to the app (native-sign-in-return.tsx).
 */
export function SingleSignOnButton({ invitation }: { invitation?: string }) {
  const instance = useInstanceInfo()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!instance?.oidc) return null
  const { providerId, button } = instance.oidc

  async function handleClick() {
    setError(null)
    setBusy(true)
    try {
      if (isNativePlatform()) {
        await startNativeSingleSignOn(providerId, invitation)
        // The browser is over the app now; closed without signing in, the button is ready again.
        setBusy(false)
        return
      }
      window.location.assign(await startSingleSignOn(providerId, invitation))
    } catch (caught) {
      setBusy(false)
      setError(getAuthErrorMessage(caught))
    }
  }

  return (
    <>
      <Button variant="light" fullWidth onClick={handleClick} loading={busy}>
        {button}
      </Button>
      {error && (
        <Text role="alert" size="sm">
          {error}
        </Text>
      )}
    </>
  )
}

/** What /signin?error=… (a single sign-on that came back refused) says, in words. */
const SSO_ERRORS: Record<string, string> = {
  account_not_linked: msg(
    'An account with this e-mail exists, and the provider does not confirm the address: sign in with your password.',
  ),
  state_mismatch: msg('The sign-in was started in another window or took too long. Try again.'),
  state_not_found: msg('The sign-in was started in another window or took too long. Try again.'),
  access_denied: msg('The sign-in was cancelled at the provider.'),
  email_not_found: msg('The provider did not give an e-mail address.'),
}

export function describeSingleSignOnError(code: string, description: string | null): string {
  const known = SSO_ERRORS[code]
  // The provider's own description is in the provider's words; ours are translated.
  return known ? t(known) : (description ?? t('Something went wrong'))
}
