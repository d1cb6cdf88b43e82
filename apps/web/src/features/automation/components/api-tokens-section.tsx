import {
  type ApiToken,
  type ApiTokenExpiry,
  type ApiTokenScope,
  formatRelativeTime,
  toCalendarDay,
} from '@kindling/core'
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { SegmentedChoice } from '../../../components/segmented-choice'
import { TitledSection } from '../../../components/titled-section'
import { ApiError } from '../../../lib/api-client'
import { confirm } from '../../../lib/platform'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/tokens'
import { ServerList } from './server-list'
import { ShownOnce } from './shown-once'

const SCOPES: { value: ApiTokenScope; label: string }[] = [
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Read and write' },
]

const EXPIRIES: { value: ApiTokenExpiry; label: string }[] = [
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '1y', label: 'A year' },
  { value: 'never', label: 'Never' },
]

/**
 * /me 'API tokens' (issue 52): tokens for scripts and other services, each shown once when made,
 * listed with its scope, dates and last use, and revoked with 'Revoke'.
 */
export function ApiTokensSection() {
  const tokens = useApiTokens()
  const [creating, setCreating] = useState(false)
  const [secret, setSecret] = useState<string>()

  return (
    <TitledSection title="API tokens" order={2} gap="sm">
      <Text size="sm" c="gray.5">
        Scripts, Home Assistant, Shortcuts or Tasker can read and log your habits with a token, sent
        as <Code>Authorization: Bearer &lt;token&gt;</Code>. Resetting your password or signing out
        everywhere revokes every token.
      </Text>
      {secret ? (
        <ShownOnce
          title="Copy your token now"
          text="It will not be shown again: only a fingerprint of it is kept."
          label="New token"
          copyLabel="Copy token"
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
          Create token
        </Button>
      )}
      <ServerList
        query={tokens}
        label="Your API tokens"
        empty="No tokens yet."
        failure="Your tokens could not be loaded. They can be changed when online."
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
  const create = useCreateApiToken()
  const [name, setName] = useState('')
  const [scope, setScope] = useState<ApiTokenScope>('read')
  const [expires, setExpires] = useState<ApiTokenExpiry>('90d')
  const [errors, setErrors] = useState<Record<string, string>>({})

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) {
      setErrors({ name: 'Name is required.' })
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
    <form onSubmit={handleSubmit} noValidate aria-label="Create token">
      <Stack gap="sm">
        <TextInput
          label="Name"
          description="What it is for, e.g. Home Assistant"
          required
          maxLength={50}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} aria-hidden>
            Scope
          </Text>
          <SegmentedChoice label="Scope" data={SCOPES} value={scope} onChange={setScope} />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} aria-hidden>
            Expires
          </Text>
          <SegmentedChoice label="Expires" data={EXPIRIES} value={expires} onChange={setExpires} />
        </Stack>
        {errors.form ? (
          <Text size="sm" c="red.4" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken()
  const zone = getDeviceTimeZone()
  const now = new Date()
  const expired = token.expiresAt !== null && token.expiresAt <= now.toISOString()

  async function handleRevoke() {
    const sure = await confirm(`Scripts using “${token.name}” stop working at once.`, {
      title: `Revoke ${token.name}?`,
      confirmLabel: 'Revoke',
      destructive: true,
    })
    if (sure) revoke.mutate(token.id)
  }

  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {token.name}
        </Text>
        <Text size="sm" c="gray.5">
          {token.scope === 'write' ? 'Read and write' : 'Read'} · created{' '}
          {toCalendarDay(token.createdAt, zone)} ·{' '}
          {token.expiresAt === null
            ? 'never expires'
            : `${expired ? 'expired' : 'expires'} ${toCalendarDay(token.expiresAt, zone)}`}
        </Text>
        <Text size="sm" c="gray.5">
          {token.lastUsedAt
            ? `Last used ${formatRelativeTime(token.lastUsedAt, now)}`
            : 'Never used'}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        onClick={handleRevoke}
        loading={revoke.isPending}
        aria-description={`Revokes the token ${token.name}`}
        style={{ flexShrink: 0 }}
      >
        Revoke
      </Button>
    </Group>
  )
}
