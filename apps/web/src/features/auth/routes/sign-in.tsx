import { useNavigate } from 'react-router'
import { paths } from '../../../lib/paths'
import { signIn } from '../auth-session'
import { CredentialsForm } from '../components/credentials-form'

/** /signin: goes home only once the e-mail is verified, else to /confirm-email (SPEC §4). */
export function Component() {
  const navigate = useNavigate()
  return (
    <CredentialsForm
      submitLabel="Sign In"
      alternative={{ label: 'Create Account', to: paths.createAccount() }}
      forgotPassword
      onSubmit={async (email, password) => {
        const user = await signIn(email, password)
        navigate(user?.emailVerified ? paths.home() : paths.confirmEmail(), { replace: true })
      }}
    />
  )
}
