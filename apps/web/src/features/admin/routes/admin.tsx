import { Divider, Stack, Text } from '@mantine/core'
import { ApiError } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { useInstanceFacts } from '../api/admin-requests'
import { AccountsSection } from '../components/accounts'
import { InvitationsSection } from '../components/invitations'
import { ServerFacts } from '../components/server-facts'
import { SignUpPolicySection } from '../components/sign-up-policy'

/**
 * /admin (issue 53): the server's facts, who may sign up, invitations and the accounts, for the
 * server's admins. Anyone else is told the page is not theirs (the server gives them no data).
 */
export function Component() {
  const t = useT()
  const facts = useInstanceFacts()
  if (facts.error) {
    const notAdmin = facts.error instanceof ApiError && facts.error.status === 403
    return (
      <Text role="alert" maw={720} mx="auto" pt="md">
        {notAdmin
          ? t('Only an administrator of this server can see this page.')
          : t('The server could not be asked: {error}', { error: facts.error.message })}
      </Text>
    )
  }
  if (!facts.data) return null
  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%" pt="md" pb="xl">
      <ServerFacts facts={facts.data} />
      <Divider />
      <SignUpPolicySection facts={facts.data} />
      <Divider />
      <InvitationsSection />
      <Divider />
      <AccountsSection />
    </Stack>
  )
}
