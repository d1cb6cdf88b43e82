import type { InstanceFacts, Language } from '@kindling/core'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { TitledSection } from '../../../components/titled-section'
import { msg, t, useLanguage, useT } from '../../../lib/i18n'
import { sendTestEmail } from '../api/admin-requests'

const DATABASES = {
  pglite: msg('Embedded (PGlite, in DATA_DIR)'),
  postgres: msg('PostgreSQL (DATABASE_URL)'),
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
  const t = useT()
  const language = useLanguage()
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
            ? t('A test e-mail went to {to}.', { to: sent.to })
            : t('A test e-mail to {to} was written to the outbox (no SMTP_URL is set).', {
                to: sent.to,
              }),
      })
    } catch (caught) {
      setMail({ busy: false, error: caught instanceof Error ? caught.message : String(caught) })
    }
  }

  return (
    <TitledSection title={t('Server')} order={2}>
      <Stack gap={4}>
        <Fact label={t('Version')}>
          {t('Kindling {version} (API {apiVersion})', {
            version: facts.version,
            apiVersion: facts.apiVersion,
          })}
        </Fact>
        <Fact label={t('Address')}>{facts.publicUrl}</Fact>
        <Fact label={t('Database')}>{t(DATABASES[facts.database])}</Fact>
        <Fact label={t('Backups')}>{describeBackups(facts.backups, language)}</Fact>
        <Fact label={t('E-mail')}>
          {facts.mail.kind === 'smtp'
            ? t('Sent over SMTP from {from}', { from: facts.mail.from })
            : t('Not sent: written to the outbox in DATA_DIR (set SMTP_URL)')}
        </Fact>
        <Fact label={t('Single sign-on')}>
          {facts.oidc ? `${facts.oidc.button} (${facts.oidc.issuer})` : t('Not set up')}
        </Fact>
        <Fact label={t('Accounts')}>{facts.users}</Fact>
      </Stack>
      <Group>
        <Button variant="default" size="sm" onClick={handleTestEmail} loading={mail.busy}>
          {t('Send test e-mail')}
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

/**
 * The automatic backups in a sentence, in `language`: off, none yet, or the last one (and a newer
 * failure).
 */
function describeBackups(backups: InstanceFacts['backups'], language: Language): string {
  if (!backups.enabled) return t('Off (BACKUP_INTERVAL is 0)')
  const hours = Math.round((backups.intervalSeconds ?? 86_400) / 3600)
  const schedule = backups.directory
    ? t('Every {hours} h into {directory}', { hours, directory: backups.directory })
    : t('Every {hours} h', { hours })
  const at = (iso: string) => new Date(iso).toLocaleString(language)
  const said = backups.last
    ? t('{schedule}, last {when} ({size} MB)', {
        schedule,
        when: at(backups.last.at),
        size: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(
          backups.last.bytes / 1_048_576,
        ),
      })
    : t('{schedule}, none yet', { schedule })
  return backups.lastFailure
    ? t('{backups}; the newest failed {when}: {error}', {
        backups: said,
        when: at(backups.lastFailure.at),
        error: backups.lastFailure.error,
      })
    : said
}
