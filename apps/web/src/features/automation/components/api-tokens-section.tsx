import {
  type ApiToken,
  type ApiTokenExpiry,
  type ApiTokenScope,
  toCalendarDay,
} from '@kindling/core'
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { SegmentedChoice } from '../../../components/segmented-choice'
import { TitledSection } from '../../../components/titled-section'
import { ApiError } from '../../../lib/api-client'
import { msg, t, useT } from '../../../lib/i18n'
import { slots, withNodes } from '../../../lib/i18n-nodes'
import { formatDay } from '../../../lib/locale-format'
import { confirm } from '../../../lib/platform-actions'
import { formatRelative } from '../../../lib/relative-time'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/tokens'
import { ServerList } from './server-list'
import { ShownOnce } from './shown-once'

const SCOPES: { value: ApiTokenScope; label: string }[] = [
  { value: 'read', label: msg('Read') },
  { value: 'write', label: msg('Read and write') },
]

const EXPIRIES: { value: ApiTokenExpiry; label: string }[] = [
  { value: '30d', label: msg('30 days') },
  { value: '90d', label: msg('90 days') },
  { value: '1y', label: msg('A year') },
  { value: 'never', label: msg('Never') },
]

/**
 * /me 'API tokens' (issue 52): tokens for scripts and other services, each shown once when made,
 * listed with its scope, dates and last use, and revoked with 'Revoke'.
 */
export function ApiTokensSection() {
  const t = useT()
  const tokens = useApiTokens()
  const [creating, setCreating] = useState(false)
  const [secret, setSecret] = useState<string>()

  return (
    <TitledSection title={t('API tokens')} order={2} gap="sm">
      <Text size="sm" c="gray.5">
        {withNodes(
          t(
            'Scripts, Home Assistant, Shortcuts or Tasker can read and log your habits with a token, sent as {header}. Resetting your password or signing out everywhere revokes every token.',
            slots('header'),
          ),
          { header: <Code>Authorization: Bearer &lt;token&gt;</Code> },
        )}
      </Text>
      {secret ? (
        <ShownOnce
          title={t('Copy your token now')}
          text={t('It will not be shown again: only a fingerprint of it is kept.')}
          label={t('New token')}
          copyLabel={t('Copy token')}
          value={secret}
          onDone={() => setSecret(undefined)}
        />
      ) : null}
      {creating ? (
        <CreateTokenForm
          onCreated={(created) => {
            setCreating(false)
            setSecret(created)
          }}
          onCancel={() => setCreating(false)}
        />
      ) : (
        <Button variant="default" onClick={() => setCreating(true)}>
          {t('Create token')}
        </Button>
      )}
      <ServerList
        query={tokens}
        label={t('Your API tokens')}
        empty={t('No tokens yet.')}
        failure={t('Your tokens could not be loaded. They can be changed when online.')}
      >
        {(token) => <TokenRow token={token} />}
      </ServerList>
    </TitledSection>
  )
}

function CreateTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (secret: string) => void
  onCancel: () => void
}) {
  const t = useT()
  const create = useCreateApiToken()
  const [name, setName] = useState('')
  const [scope, setScope] = useState<ApiTokenScope>('read')
  const [expires, setExpires] = useState<ApiTokenExpiry>('90d')
  const [errors, setErrors] = useState<Record<string, string>>({})

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) {
      setErrors({ name: t('Name is required.') })
      return
    }
    setErrors({})
    create.mutate(
      { name, scope, expires },
      {
        onSuccess: (created) => onCreated(created.secret),
        onError: (error) =>
          setErrors(
            error instanceof ApiError && Object.keys(error.fields).length > 0
              ? error.fields
              : { form: error.message },
          ),
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('Create token')}>
      <Stack gap="sm">
        <TextInput
          label={t('Name')}
          description={t('What it is for, e.g. Home Assistant')}
          required
          maxLength={50}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} aria-hidden>
            {t('Scope')}
          </Text>
          <SegmentedChoice
            label={t('Scope')}
            data={SCOPES.map((choice) => ({ ...choice, label: t(choice.label) }))}
            value={scope}
            onChange={setScope}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} aria-hidden>
            {t('Expires')}
          </Text>
          <SegmentedChoice
            label={t('Expires')}
            data={EXPIRIES.map((choice) => ({ ...choice, label: t(choice.label) }))}
            value={expires}
            onChange={setExpires}
          />
        </Stack>
        {errors.form ? (
          <Text size="sm" c="red.4" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('Create')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function TokenRow({ token }: { token: ApiToken }) {
  const t = useT()
  const revoke = useRevokeApiToken()
  const zone = getDeviceTimeZone()
  const now = new Date()
  const expired = token.expiresAt !== null && token.expiresAt <= now.toISOString()

  async function handleRevoke() {
    const sure = await confirm(
      t('Scripts using “{name}” stop working at once.', { name: token.name }),
      {
        title: t('Revoke {name}?', { name: token.name }),
        confirmLabel: t('Revoke'),
        destructive: true,
      },
    )
    if (sure) revoke.mutate(token.id)
  }

  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {token.name}
        </Text>
        <Text size="sm" c="gray.5">
          {describeToken(
            token.scope === 'write' ? t('Read and write') : t('Read'),
            formatDay(toCalendarDay(token.createdAt, zone)),
            token.expiresAt === null ? null : formatDay(toCalendarDay(token.expiresAt, zone)),
            expired,
          )}
        </Text>
        <Text size="sm" c="gray.5">
          {token.lastUsedAt
            ? t('Last used {when}', {
                when: formatRelative(token.lastUsedAt, now),
              })
            : t('Never used')}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        onClick={handleRevoke}
        loading={revoke.isPending}
        aria-description={t('Revokes the token {name}', { name: token.name })}
        style={{ flexShrink: 0 }}
      >
        {t('Revoke')}
      </Button>
    </Group>
  )
}

/** A token's scope and dates in one line: '{scope} · created {day} · expires {day}'. */
function describeToken(
  scope: string,
  created: string,
  expires: string | null,
  expired: boolean,
): string {
  if (expires === null) return t('{scope} · created {created} · never expires', { scope, created })
  return expired
    ? t('{scope} · created {created} · expired {expires}', { scope, created, expires })
    : t('{scope} · created {created} · expires {expires}', { scope, created, expires })
}
