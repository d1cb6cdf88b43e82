import type { InvitationCheck } from '@kindling/core'
import { Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { RouteButton } from '../../../components/route-button'
import { msg, useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { checkInvitation } from '../api/instance-requests'
import { createAccount } from '../auth-session'
import { CredentialsForm } from '../components/credentials-form'
import { SingleSignOnButton } from '../components/single-sign-on'
import { useInstanceInfo } from '../hooks/use-instance-info'

/** What an invitation link that does not work says (issue 53). */
const INVITATION_PROBLEMS: Record<Exclude<InvitationCheck['status'], 'valid'>, string> = {
  unknown: msg('This invitation link is not valid. Ask for a new one.'),
  used: msg('This invitation link has been used already. Ask for a new one.'),
  expired: msg('This invitation link has expired. Ask for a new one.'),
}

const CLOSED = msg('This server does not take new accounts.')
const INVITE_ONLY = msg(
  'This server takes new accounts by invitation only. Ask its administrator for an invitation link.',
)

/**
 * /create-account: the server mails the verification link; the user confirms it next. An
 * invitation link (`?invitation=`) opens it too (issue 53); while the server takes accounts by
 * invitation only, or none, the page says so instead of offering a form that would be refused.
 */
export function Component() {
  const t = useT()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const invitation = params.get('invitation') ?? undefined
  const instance = useInstanceInfo()
  const [check, setCheck] = useState<InvitationCheck | null | undefined>(
    invitation ? undefined : null,
  )
  useEffect(() => {
    if (!invitation) return
    let active = true
    checkInvitation(invitation).then(
      (answer) => active && setCheck(answer),
      (error: unknown) => {
        console.error(error)
        if (active) setCheck(null)
      },
    )
    return () => {
      active = false
    }
  }, [invitation])

  // Drawn once the server has said what it takes (or could not say: the form, as always).
  if (instance === undefined || check === undefined) return null
  const policy = instance?.signUpPolicy ?? 'open'
  const invited = check?.status === 'valid'
  const problem = check && check.status !== 'valid' ? INVITATION_PROBLEMS[check.status] : null
  const refusal =
    policy === 'closed'
      ? CLOSED
      : policy === 'invite-only' && !invited
        ? (problem ?? INVITE_ONLY)
        : null

  if (refusal) {
    return (
      <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
        <Text role="alert">{t(refusal)}</Text>
        <RouteButton to={paths.signIn()} fullWidth>
          {t('Sign In')}
        </RouteButton>
      </Stack>
    )
  }

  const notice = invited ? (
    <Text size="sm" role="status">
      {check?.email
        ? t('You are invited to create an account for {email}.', { email: check.email })
        : t('You are invited to create an account.')}
    </Text>
  ) : problem ? (
    <Text size="sm" role="alert">
      {t(problem)}
    </Text>
  ) : null

  return (
    <CredentialsForm
      submitLabel={t('Create Account')}
      alternative={{ label: t('Sign In'), to: paths.signIn() }}
      notice={notice}
      fixedEmail={invited ? (check?.email ?? undefined) : undefined}
      alsoOffer={<SingleSignOnButton invitation={invited ? invitation : undefined} />}
      onSubmit={async (email, password) => {
        const user = await createAccount(email, password, invited ? invitation : undefined)
        navigate(user.emailVerified ? paths.home() : paths.confirmEmail(), { replace: true })
      }}
    />
  )
}
