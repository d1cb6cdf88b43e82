import { Group, Stack, Text } from '@mantine/core'
import { RouteButton } from '../../../components/route-button'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'

/** What a protected route shows to a signed-out visitor (SPEC §2 Protected routes). */
export function SignedOutNotice() {
  const t = useT()
  return (
    <Stack align="center" gap="md" pt="xl">
      <Text ta="center">{t('You must be signed in to view this page.')}</Text>
      <Group>
        <RouteButton to={paths.signIn()}>{t('Sign In')}</RouteButton>
        <RouteButton to={paths.createAccount()} variant="default">
          {t('Create Account')}
        </RouteButton>
      </Group>
    </Stack>
  )
}
