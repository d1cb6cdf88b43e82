import { Stack } from '@mantine/core'
import { Component as Account } from '../../features/auth/routes/me'
import { DataTransferSections } from '../../features/data-transfer/components/data-transfer-sections'
import { useCurrentUser } from '../../lib/auth-state'

/** /me: the account, then importing and exporting data (only once the e-mail is verified). */
export function Component() {
  const user = useCurrentUser()
  return (
    <Stack gap="lg" maw={420} mx="auto" w="100%" pb="xl">
      <Account />
      {user?.emailVerified ? <DataTransferSections /> : null}
    </Stack>
  )
}
