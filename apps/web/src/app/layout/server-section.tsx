import { Button, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { signOut } from '../../features/auth/auth-session'
import { useT } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { confirm } from '../../lib/platform-actions'
import { forgetServer, useServerChoice } from '../../lib/server-choice'
import { destroyLocalCopy, flushOutbox } from '../../lib/sync/store'

/**
 * The native app's server in the side menu (issue 53), with 'Change server': it signs out of
 * this server after the person confirms, forgets it, and opens 'Your Kindling server' with the
 * old address typed in. A server fixed at build time is only shown.
 */
export function ServerSection({ signedIn }: { signedIn: boolean }) {
  const t = useT()
  const { url, locked } = useServerChoice()
  const [busy, setBusy] = useState(false)
  if (!url) return null
  const host = hostOf(url)

  async function handleChange() {
    if (signedIn) {
      const { unsent } = await flushOutbox()
      const message =
        unsent === 0
          ? t('Changing the server signs you out of {host}.', { host })
          : t(
              '{count, plural, one {Changing the server signs you out of {host}. # change has not reached it yet and will be deleted from this device.} other {Changing the server signs you out of {host}. # changes have not reached it yet and will be deleted from this device.}}',
              { count: unsent, host },
            )
      const go = await confirm(message, {
        title: t('Change server?'),
        confirmLabel: t('Change server'),
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
        {t('Server: {host}', { host })}
      </Text>
      {!locked && (
        <Button variant="default" size="xs" onClick={handleChange} loading={busy}>
          {t('Change server')}
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
