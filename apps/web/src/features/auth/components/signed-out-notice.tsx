import { Button, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths'

/** What a protected route shows to a signed-out visitor (SPEC §2 Protected routes). */
export function SignedOutNotice() {
  return (
    <Stack align="center" gap="md" pt="xl">
      <Text ta="center">You must be signed in to view this page.</Text>
      <Group>
        <Button component={Link} to={paths.signIn()}>
          Sign In
        </Button>
        <Button component={Link} to={paths.createAccount()} variant="default">
          Create Account
        </Button>
      </Group>
    </Stack>
  )
}
