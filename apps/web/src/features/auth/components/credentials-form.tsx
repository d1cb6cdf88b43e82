import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { RouteButton } from '../../../components/route-button'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { useAuthSubmit } from '../hooks/use-auth-submit'
import { EmailInput } from './email-input'

/** What /forgot-password may be handed: the e-mail already typed on /signin. */
export interface ForgotPasswordState {
  email?: string
}

interface CredentialsFormProps {
  submitLabel: string
  /** The other public screen: Create Account from sign-in, Sign In from create-account. */
  alternative: { label: string; to: string }
  onSubmit: (email: string, password: string) => Promise<void>
  /** Offer 'Forgot password?' under the password (sign-in). */
  forgotPassword?: boolean
  /** The only e-mail the form takes (an invitation for one address): filled in, read-only. */
  fixedEmail?: string
  /** Shown above the fields (what an invitation is worth). */
  notice?: ReactNode
  /** Shown between the OR divider and the other screen's button (single sign-on). */
  alsoOffer?: ReactNode
}

/** E-mail and password form shared by /signin and /create-account (SPEC §2 Public routes). */
export function CredentialsForm({
  submitLabel,
  alternative,
  onSubmit,
  forgotPassword = false,
  fixedEmail,
  notice,
  alsoOffer,
}: CredentialsFormProps) {
  const t = useT()
  const [typedEmail, setEmail] = useState('')
  const email = fixedEmail ?? typedEmail
  const [password, setPassword] = useState('')
  const { handleSubmit, submitting, error } = useAuthSubmit(() => onSubmit(email.trim(), password))

  return (
    <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
      {notice}
      <form onSubmit={handleSubmit} noValidate={false}>
        <Stack gap="md">
          <EmailInput value={email} onChange={setEmail} readOnly={fixedEmail !== undefined} />
          <TextInput
            label={t('Password')}
            type="password"
            // Signing in (the form that offers 'Forgot password?') takes the saved password.
            autoComplete={forgotPassword ? 'current-password' : 'new-password'}
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {forgotPassword && (
            <Anchor
              component={Link}
              to={paths.forgotPassword()}
              state={{ email: email.trim() } satisfies ForgotPasswordState}
              size="sm"
              ta="end"
              mt={-8}
            >
              {t('Forgot password?')}
            </Anchor>
          )}
          <Button type="submit" loading={submitting} fullWidth>
            {submitLabel}
          </Button>
          {error && (
            <Text role="alert" size="sm">
              {error}
            </Text>
          )}
        </Stack>
      </form>
      <Divider
        labelPosition="center"
        label={
          <Text span size="xs" c="gray.4">
            {t('OR')}
          </Text>
        }
      />
      {alsoOffer}
      <RouteButton to={alternative.to} variant="default" fullWidth>
        {alternative.label}
      </RouteButton>
    </Stack>
  )
}
