import { Divider, Stack } from '@mantine/core'
import { Component as Account } from '../../features/auth/routes/me'
import { AutomationSections } from '../../features/automation/components/automation-sections'
import { VacationSection } from '../../features/breaks/components/vacation-section'
import { DataTransferSections } from '../../features/data-transfer/components/data-transfer-sections'
import { LanguageSection } from '../../features/language/components/language-section'
import { ReminderSettings } from '../../features/reminders/components/reminder-settings'
import { useCurrentUser } from '../../lib/auth-state'

/**
 * /me: the account and its language, then a vacation (issue 49), reminder settings, importing and exporting data,
 * and API tokens and webhooks (only once the e-mail is verified).
 */
export function Component() {
  const user = useCurrentUser()
  return (
    <Stack gap="lg" maw={420} mx="auto" w="100%" pb="xl">
      <Account />
      <LanguageSection />
      {user?.emailVerified ? (
        <>
          <Divider />
          <VacationSection />
          <ReminderSettings email={user.email} />
          <DataTransferSections />
          <AutomationSections />
        </>
      ) : null}
    </Stack>
  )
}
