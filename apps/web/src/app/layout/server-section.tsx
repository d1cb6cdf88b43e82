import { Button, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { signOut } from '../../features/auth/auth-session'
import { paths } from '../../lib/paths'
import { confirm } from '../../lib/platform'
import { forgetServer, useServerChoice } from '../../lib/server-choice'
import { destroyLocalCopy, flushOutbox } from '../../lib/sync/store'

/**
 * The native app's server in the side menu (issue 53), with 'Change server': it signs out of
 * this server after the person confirms, forgets it, and opens 'Your Kindling server' with the
 * old address typed in. A server fixed at build time is only shown.
 */
export function ServerSection({ signedIn }: { signedIn: boolean }) {
  const { url, locked } = useServerChoice()
  const [busy, setBusy] = useState(false)
  if (!url) return null
  const host = hostOf(url)

  async function handleChange() {
    if (signedIn) {
      const { unsent } = await flushOutbox()
      const lost =
        unsent === 0
          ? ''
          : ` ${unsent === 1 ? '1 change has' : `${unsent} changes have`} not reached it yet and will be deleted from this device.`
      const go = await confirm(`Changing the server signs you out of ${host}.${lost}`, {
        title: 'Change server?',
        confirmLabel: 'Change server',
        destructive: unsent > 0,
      })
      if (!go) return
      setBusy(true)
      // Signed out here even when the old server cannot be reached: the person is leaving it.
      await signOut()
      await destroyLocalCopy()
    }
    setBusy(true)
    const address = url
    await forgetServer()
    window.location.replace(paths.server({ address: address ?? undefined }))
  }

  return (
    <Stack gap="xs" mt="xl" px="sm">
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Server: {host}
      </Text>
      {!locked && (
        <Button variant="default" size="xs" onClick={handleChange} loading={busy}>
          Change server
        </Button>
      )}
    </Stack>
  )
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`
  } catch {
    return url
  }
}
