import { Divider, Stack } from '@mantine/core'
import { ApiTokensSection } from './api-tokens-section'
import { WebhooksSection } from './webhooks-section'

/** The account page's automation sections (issue 52): 'API tokens' and 'Webhooks'. */
export function AutomationSections() {
  return (
    <Stack gap="lg">
      <Divider />
      <ApiTokensSection />
      <Divider />
      <WebhooksSection />
    </Stack>
  )
}
