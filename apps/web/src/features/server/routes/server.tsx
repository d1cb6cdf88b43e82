import { Button, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { chooseServer, useServerChoice } from '../../../lib/server-choice'
import { probeServer } from '../api/probe-server'
import { ConnectError, describeConnectFailure } from '../lib/connect-failure'

/** What an address looks like, as the field shows it. */
const EXAMPLE_ADDRESS = 'https://kindling.example.com'

/**
 * /server, 'Your Kindling server' (issue 53): the native app's first screen when it has no
 * server. 'Connect' checks the address and says in words what is wrong; once a Kindling server
 * answers, the app starts again on it, at the sign-in page. An address fixed at build time
 * shows here, locked.
 */
export function Component() {
  const t = useT()
  const choice = useServerChoice()
  const [params] = useSearchParams()
  const [address, setAddress] = useState(
    choice.locked ? (choice.url ?? '') : (params.get('address') ?? ''),
  )
  const [connecting, setConnecting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setConnecting(true)
    try {
      const { url } = await probeServer(address)
      await chooseServer(url)
      // A fresh start on the new server: sessions, the device's copy and the sync are its own.
      window.location.replace(paths.signIn())
    } catch (caught) {
      setConnecting(false)
      setError(
        caught instanceof ConnectError
          ? describeConnectFailure(caught.failure)
          : t('Something went wrong'),
      )
    }
  }

  return (
    <Stack gap="md" maw={420} mx="auto" w="100%" pt="md">
      <Text>
        {choice.locked
          ? t('This app is set up for this server.')
          : t('Enter the address of the Kindling server you use: your household’s, or your own.')}
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('Server address')}
            placeholder={EXAMPLE_ADDRESS}
            type="url"
            inputMode="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            autoComplete="url"
            value={address}
            readOnly={choice.locked}
            onChange={(event) => setAddress(event.currentTarget.value)}
          />
          <Button type="submit" loading={connecting} fullWidth>
            {t('Connect')}
          </Button>
          {error && (
            <Text role="alert" size="sm" c="red.5">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </Stack>
  )
}
