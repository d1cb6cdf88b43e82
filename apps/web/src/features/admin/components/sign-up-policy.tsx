import {
  type InstanceFacts,
  SIGN_UP_POLICIES,
  SIGN_UP_POLICY_LABELS,
  type SignUpPolicy,
} from '@kindling/core'
import { Text } from '@mantine/core'
import { SegmentedChoice } from '../../../components/segmented-choice'
import { TitledSection } from '../../../components/titled-section'
import { useSetSignUpPolicy } from '../api/admin-requests'

const EXPLAINED: Record<SignUpPolicy, string> = {
  open: 'Anyone who reaches this server can create an account.',
  'invite-only': 'Only people with an invitation link can create an account.',
  closed: 'Nobody can create an account.',
}

const CHOICES = SIGN_UP_POLICIES.map((value) => ({ value, label: SIGN_UP_POLICY_LABELS[value] }))

/** Who may sign up: 'Open', 'Invite only' or 'Closed', unless SIGNUP_POLICY locks it. */
export function SignUpPolicySection({ facts }: { facts: InstanceFacts }) {
  const change = useSetSignUpPolicy()
  const policy = change.isPending && change.variables ? change.variables : facts.signUpPolicy
  return (
    <TitledSection title="Sign-up" order={2}>
      {facts.signUpPolicyLocked ? (
        <Text size="sm">
          {SIGN_UP_POLICY_LABELS[facts.signUpPolicy]}: {EXPLAINED[facts.signUpPolicy]} The
          SIGNUP_POLICY setting of the server fixes it.
        </Text>
      ) : (
        <>
          <SegmentedChoice
            label="Who may create an account"
            data={CHOICES}
            value={policy}
            onChange={(next) => change.mutate(next)}
          />
          <Text size="sm" c="dimmed">
            {EXPLAINED[policy]}
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
