import { Text } from '@mantine/core'
import { useNavigate, useSearchParams } from 'react-router'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { signIn } from '../auth-session'
import { CredentialsForm } from '../components/credentials-form'
import { describeSingleSignOnError, SingleSignOnButton } from '../components/single-sign-on'

/** /signin: goes home only once the e-mail is verified, else to /confirm-email (SPEC §4). */
export function Component() {
  const t = useT()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  // A single sign-on the server refused comes back here with why (issue 53).
  const ssoError = params.get('error')
  return (
    <CredentialsForm
      submitLabel={t('Sign In')}
      alternative={{ label: t('Create Account'), to: paths.createAccount() }}
      forgotPassword
      notice={
        ssoError ? (
          <Text role="alert" size="sm">
            {describeSingleSignOnError(ssoError, params.get('error_description'))}
          </Text>
        ) : null
      }
      alsoOffer={<SingleSignOnButton />}
      onSubmit={async (email, password) => {
        const user = await signIn(email, password)
        navigate(user?.emailVerified ? paths.home() : paths.confirmEmail(), { replace: true })
      }}
    />
  )
}
