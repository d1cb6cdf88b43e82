import { Group, Stack, Text } from '@mantine/core'
import { RouteButton } from '../../../components/route-button'
import { paths } from '../../../lib/paths'

/** What a protected route shows to a signed-out visitor (SPEC §2 Protected routes). */
export function SignedOutNotice() {
  return (
    <Stack align="center" gap="md" pt="xl">
      <Text ta="center">You must be signed in to view this page.</Text>
      <Group>
        <RouteButton to={paths.signIn()}>Sign In</RouteButton>
        <RouteButton to={paths.createAccount()} variant="default">
          Create Account
        </RouteButton>
      </Group>
    </Stack>
  )
}
