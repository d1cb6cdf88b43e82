import { type CreatedInvitation, INVITATION_LIFETIME_DAYS, type Invitation } from '@kindling/core'
import { Badge, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { TitledSection } from '../../../components/titled-section'
import { msg, useT } from '../../../lib/i18n'
import { formatDay } from '../../../lib/locale-format'
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/admin-requests'

const STATUS = {
  pending: { label: msg('Pending'), color: 'orange' },
  used: { label: msg('Used'), color: 'green' },
  expired: { label: msg('Expired'), color: 'gray' },
} as const

const day = (iso: string) => formatDay(iso.slice(0, 10))

/** Invitation links: made here, copied or e-mailed, single use, for 7 days (issue 53). */
export function InvitationsSection() {
  const t = useT()
  const [email, setEmail] = useState('')
  const [created, setCreated] = useState<CreatedInvitation | null>(null)
  const create = useCreateInvitation()
  const invitations = useInvitations()

  function handleCreate(send: boolean) {
    setCreated(null)
    create.mutate(
      { email: email.trim() || null, send },
      {
        onSuccess: (invitation) => {
          setCreated(invitation)
          setEmail('')
        },
      },
    )
  }

  return (
    <TitledSection title={t('Invitations')} order={2}>
      <Text size="sm" c="dimmed">
        {t(
          '{days, plural, one {An invitation link lets one person create an account, within # day, also while sign-up is invite only.} other {An invitation link lets one person create an account, within # days, also while sign-up is invite only.}}',
          { days: INVITATION_LIFETIME_DAYS },
        )}
      </Text>
      <TextInput
        label={t('E-mail address (optional)')}
        description={t(
          'Only this address can then use the link, and its e-mail counts as verified.',
        )}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      <Group gap="xs">
        <Button size="sm" onClick={() => handleCreate(false)} loading={create.isPending}>
          {t('Create link')}
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={() => handleCreate(true)}
          disabled={!email.trim() || create.isPending}
        >
          {t('Create and e-mail')}
        </Button>
      </Group>
      {create.error && (
        <Text size="sm" c="red.5" role="alert">
          {create.error.message}
        </Text>
      )}
      {created && (
        <Stack gap={4} role="status">
          <TextInput label={t('Invitation link')} value={created.url} readOnly />
          <Group gap="xs" justify="space-between">
            <Text size="sm" c="dimmed">
              {created.sent
                ? t('E-mailed to {email}. Works once, until {day}.', {
                    email: created.email,
                    day: day(created.expiresAt),
                  })
                : t('Works once, until {day}.', { day: day(created.expiresAt) })}
            </Text>
            <CopyButton value={created.url}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t('Copied') : t('Copy link')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      )}
      {invitations.data && invitations.data.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </Stack>
      )}
    </TitledSection>
  )
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const t = useT()
  const revoke = useRevokeInvitation()
  const status = STATUS[invitation.status]
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {invitation.email ?? t('Anyone with the link')}
        </Text>
        <Text size="xs" c="dimmed">
          {invitation.usedAt
            ? t('Used {day}', { day: day(invitation.usedAt) })
            : t('Expires {day}', { day: day(invitation.expiresAt) })}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Badge color={status.color} variant="light" tt="none">
          {t(status.label)}
        </Badge>
        {invitation.status === 'pending' && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={revoke.isPending}
            onClick={() => revoke.mutate(invitation.id)}
            aria-label={
              invitation.email
                ? t('Withdraw the invitation for {email}', { email: invitation.email })
                : t('Withdraw the invitation for anyone')
            }
          >
            {t('Withdraw')}
          </Button>
        )}
      </Group>
    </Group>
  )
}
