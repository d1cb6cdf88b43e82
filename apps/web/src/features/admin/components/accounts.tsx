import type { AdminUser } from '@kindling/core'
import { Badge, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { TitledSection } from '../../../components/titled-section'
import { useCurrentUser } from '../../../lib/auth-state'
import { t, useT } from '../../../lib/i18n'
import { formatDay } from '../../../lib/locale-format'
import { confirm } from '../../../lib/platform-actions'
import { type AccountAction, useAccountAction, useAdminUsers } from '../api/admin-requests'

const day = (iso: string | null) => (iso ? formatDay(iso.slice(0, 10)) : t('never'))

/** Every account, with what the admin may do to the others (issue 53). */
export function AccountsSection() {
  const t = useT()
  const users = useAdminUsers()
  const action = useAccountAction()
  const me = useCurrentUser()
  const [deleting, setDeleting] = useState<AdminUser | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  async function act(user: AdminUser, kind: AccountAction) {
    setNotice(null)
    if (kind === 'disable') {
      const go = await confirm(
        t(
          '{email} is signed out everywhere at once and cannot sign in until you enable the account again. Its data stays.',
          { email: user.email },
        ),
        { title: t('Disable this account?'), confirmLabel: t('Disable'), destructive: true },
      )
      if (!go) return
    }
    action.mutate(
      { id: user.id, action: kind },
      {
        onSuccess: () =>
          setNotice(
            {
              disable: t('{email} is disabled.', { email: user.email }),
              enable: t('{email} can sign in again.', { email: user.email }),
              'password-reset': t('A password reset link went to {email}.', { email: user.email }),
              delete: t('{email} and all its data are deleted.', { email: user.email }),
            }[kind],
          ),
      },
    )
  }

  return (
    <TitledSection title={t('Accounts')} order={2}>
      {notice && (
        <Text size="sm" role="status">
          {notice}
        </Text>
      )}
      {action.error && (
        <Text size="sm" c="red.5" role="alert">
          {action.error.message}
        </Text>
      )}
      {users.error && (
        <Text size="sm" c="red.5" role="alert">
          {users.error.message}
        </Text>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {users.data?.map((user) => (
          <Group
            component="li"
            key={user.id}
            gap="xs"
            wrap="nowrap"
            justify="space-between"
            aria-label={user.email}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
              <Group gap={4}>
                {user.admin && (
                  <Badge size="sm" variant="light" tt="none">
                    {t('Admin')}
                  </Badge>
                )}
                <Badge
                  size="sm"
                  variant="light"
                  tt="none"
                  color={user.emailVerified ? 'green' : 'red'}
                >
                  {user.emailVerified ? t('Verified') : t('Not Verified')}
                </Badge>
                {user.disabled && (
                  <Badge size="sm" variant="filled" tt="none" color="red">
                    {t('Disabled')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t(
                  '{count, plural, one {Created {created} · Last active {active} · {count} event} other {Created {created} · Last active {active} · {count} events}}',
                  {
                    count: user.events,
                    created: day(user.createdAt),
                    active: day(user.lastActiveAt),
                  },
                )}
              </Text>
            </Stack>
            {user.id !== me?.uid && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('Manage {email}', { email: user.email })}
                    style={{ flexShrink: 0 }}
                  >
                    {t('Manage')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => act(user, 'password-reset')}>
                    {t('Send password reset')}
                  </Menu.Item>
                  {user.disabled ? (
                    <Menu.Item onClick={() => act(user, 'enable')}>{t('Enable')}</Menu.Item>
                  ) : (
                    <Menu.Item onClick={() => act(user, 'disable')}>{t('Disable')}</Menu.Item>
                  )}
                  <Menu.Item color="red" onClick={() => setDeleting(user)}>
                    {t('Delete account')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        ))}
      </Stack>
      <DeleteAccountModal
        user={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(user) => {
          setDeleting(null)
          void act(user, 'delete')
        }}
      />
    </TitledSection>
  )
}

/** Deleting is for good: the admin types the account's e-mail to confirm. */
function DeleteAccountModal({
  user,
  onClose,
  onConfirm,
}: {
  user: AdminUser | null
  onClose: () => void
  onConfirm: (user: AdminUser) => void
}) {
  const t = useT()
  const [typed, setTyped] = useState('')
  const matches = user !== null && typed.trim().toLowerCase() === user.email.toLowerCase()
  return (
    <Modal
      opened={user !== null}
      onClose={() => {
        setTyped('')
        onClose()
      }}
      title={t('Delete this account?')}
    >
      {user && (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (!matches) return
            setTyped('')
            onConfirm(user)
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {t(
                'This deletes {email} and all its data (habits, events, goals, reminders) for good. It cannot be undone.',
                { email: user.email },
              )}
            </Text>
            <TextInput
              label={t("Type the account's e-mail address to confirm")}
              value={typed}
              autoComplete="off"
              onChange={(event) => setTyped(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('Cancel')}
              </Button>
              <Button type="submit" color="red" disabled={!matches}>
                {t('Delete account')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
