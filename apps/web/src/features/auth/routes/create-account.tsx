import { useNavigate } from 'react-router'
import { paths } from '../../../lib/paths'
import { createAccount } from '../auth-session'
import { CredentialsForm } from '../components/credentials-form'

/** /create-account: the server mails the verification link; the user confirms it next. */
export function Component() {
  const navigate = useNavigate()
  return (
    <CredentialsForm
      submitLabel="Create Account"
      alternative={{ label: 'Sign In', to: paths.signIn() }}
      onSubmit={async (email, password) => {
        const user = await createAccount(email, password)
        navigate(user.emailVerified ? paths.home() : paths.confirmEmail(), { replace: true })
      }}
    />
  )
}
