import type { InstanceFacts } from '@kindling/core'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { TitledSection } from '../../../components/titled-section'
import { sendTestEmail } from '../api/admin-requests'

const DATABASES = {
  pglite: 'Embedded (PGlite, in DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
} as const

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  )
}

/** The server's facts, and 'Send test e-mail' (issue 53). */
export function ServerFacts({ facts }: { facts: InstanceFacts }) {
  const [mail, setMail] = useState<{ busy: boolean; notice?: string; error?: string }>({
    busy: false,
  })

  async function handleTestEmail() {
    setMail({ busy: true })
    try {
      const sent = await sendTestEmail()
      setMail({
        busy: false,
        notice:
          sent.kind === 'smtp'
            ? `A test e-mail went to ${sent.to}.`
            : `A test e-mail to ${sent.to} was written to the outbox (no SMTP_URL is set).`,
      })
    } catch (caught) {
      setMail({ busy: false, error: caught instanceof Error ? caught.message : String(caught) })
    }
  }

  return (
    <TitledSection title="Server" order={2}>
      <Stack gap={4}>
        <Fact label="Version">
          Kindling {facts.version} (API {facts.apiVersion})
        </Fact>
        <Fact label="Address">{facts.publicUrl}</Fact>
        <Fact label="Database">{DATABASES[facts.database]}</Fact>
        <Fact label="Backups">{describeBackups(facts.backups)}</Fact>
        <Fact label="E-mail">
          {facts.mail.kind === 'smtp'
            ? `Sent over SMTP from ${facts.mail.from}`
            : 'Not sent: written to the outbox in DATA_DIR (set SMTP_URL)'}
        </Fact>
        <Fact label="Single sign-on">
          {facts.oidc ? `${facts.oidc.button} (${facts.oidc.issuer})` : 'Not set up'}
        </Fact>
        <Fact label="Accounts">{facts.users}</Fact>
      </Stack>
      <Group>
        <Button variant="default" size="sm" onClick={handleTestEmail} loading={mail.busy}>
          Send test e-mail
        </Button>
      </Group>
      {mail.notice && (
        <Text size="sm" role="status">
          {mail.notice}
        </Text>
      )}
      {mail.error && (
        <Text size="sm" c="red.5" role="alert">
          {mail.error}
        </Text>
      )}
    </TitledSection>
  )
}

const bytes = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })

/** The automatic backups in a sentence: off, none yet, or the last one (and a newer failure). */
function describeBackups(backups: InstanceFacts['backups']): string {
  if (!backups.enabled) return 'Off (BACKUP_INTERVAL is 0)'
  const where = backups.directory ? ` into ${backups.directory}` : ''
  const last = backups.last
    ? `last ${new Date(backups.last.at).toLocaleString()} (${bytes.format(backups.last.bytes / 1_048_576)} MB)`
    : 'none yet'
  const failed = backups.lastFailure
    ? `; the newest failed ${new Date(backups.lastFailure.at).toLocaleString()}: ${backups.lastFailure.error}`
    : ''
  return `Every ${Math.round((backups.intervalSeconds ?? 86_400) / 3600)} h${where}, ${last}${failed}`
}
