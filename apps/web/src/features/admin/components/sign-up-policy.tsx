import { type InstanceFacts, SIGN_UP_POLICIES, type SignUpPolicy } from '@kindling/core'
import { Text } from '@mantine/core'
import { SegmentedChoice } from '../../../components/segmented-choice'
import { TitledSection } from '../../../components/titled-section'
import { msg, useT } from '../../../lib/i18n'
import { useSetSignUpPolicy } from '../api/admin-requests'

const EXPLAINED: Record<SignUpPolicy, string> = {
  open: msg('Anyone who reaches this server can create an account.'),
  'invite-only': msg('Only people with an invitation link can create an account.'),
  closed: msg('Nobody can create an account.'),
}

/** Core's SIGN_UP_POLICY_LABELS, translated where drawn. */
const LABELS: Record<SignUpPolicy, string> = {
  open: msg('Open'),
  'invite-only': msg('Invite only'),
  closed: msg('Closed'),
}

/** Who may sign up: 'Open', 'Invite only' or 'Closed', unless SIGNUP_POLICY locks it. */
export function SignUpPolicySection({ facts }: { facts: InstanceFacts }) {
  const t = useT()
  const change = useSetSignUpPolicy()
  const choices = SIGN_UP_POLICIES.map((value) => ({ value, label: t(LABELS[value]) }))
  const policy = change.isPending && change.variables ? change.variables : facts.signUpPolicy
  return (
    <TitledSection title={t('Sign-up')} order={2}>
      {facts.signUpPolicyLocked ? (
        <Text size="sm">
          {t('{policy}: {explained} The SIGNUP_POLICY setting of the server fixes it.', {
            policy: t(LABELS[facts.signUpPolicy]),
            explained: t(EXPLAINED[facts.signUpPolicy]),
          })}
        </Text>
      ) : (
        <>
          <SegmentedChoice
            label={t('Who may create an account')}
            data={choices}
            value={policy}
            onChange={(next) => change.mutate(next)}
          />
          <Text size="sm" c="dimmed">
            {t(EXPLAINED[policy])}
          </Text>
        </>
      )}
      {change.error && (
        <Text size="sm" c="red.5" role="alert">
          {change.error.message}
        </Text>
      )}
    </TitledSection>
  )
}
