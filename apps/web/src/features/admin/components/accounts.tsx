import type { AdminUser } from '@kindling/core'
import { Badge, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { TitledSection } from '../../../components/titled-section'
import { useCurrentUser } from '../../../lib/auth-state'
import { confirm } from '../../../lib/platform'
import { type AccountAction, useAccountAction, useAdminUsers } from '../api/admin-requests'

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'never')

/** Every account, with what the admin may do to the others (issue 53). */
export function AccountsSection() {
  const users = useAdminUsers()
  const action = useAccountAction()
  const me = useCurrentUser()
  const [deleting, setDeleting] = useState<AdminUser | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  async function act(user: AdminUser, kind: AccountAction) {
    setNotice(null)
    if (kind === 'disable') {
      const go = await confirm(
        `${user.email} is signed out everywhere at once and cannot sign in until you enable the account again. Its data stays.`,
        { title: 'Disable this account?', confirmLabel: 'Disable', destructive: true },
      )
      if (!go) return
    }
    action.mutate(
      { id: user.id, action: kind },
      {
        onSuccess: () =>
          setNotice(
            {
              disable: `${user.email} is disabled.`,
              enable: `${user.email} can sign in again.`,
              'password-reset': `A password reset link went to ${user.email}.`,
              delete: `${user.email} and all its data are deleted.`,
            }[kind],
          ),
      },
    )
  }

  return (
    <TitledSection title="Accounts" order={2}>
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
                    Admin
                  </Badge>
                )}
                <Badge
                  size="sm"
                  variant="light"
                  tt="none"
                  color={user.emailVerified ? 'green' : 'red'}
                >
                  {user.emailVerified ? 'Verified' : 'Not Verified'}
                </Badge>
                {user.disabled && (
                  <Badge size="sm" variant="filled" tt="none" color="red">
                    Disabled
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                Created {day(user.createdAt)} · Last active {day(user.lastActiveAt)} ·{' '}
                {user.events === 1 ? '1 event' : `${user.events} events`}
              </Text>
            </Stack>
            {user.id !== me?.uid && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Manage ${user.email}`}
                    style={{ flexShrink: 0 }}
                  >
                    Manage
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => act(user, 'password-reset')}>
                    Send password reset
                  </Menu.Item>
                  {user.disabled ? (
                    <Menu.Item onClick={() => act(user, 'enable')}>Enable</Menu.Item>
                  ) : (
                    <Menu.Item onClick={() => act(user, 'disable')}>Disable</Menu.Item>
                  )}
                  <Menu.Item color="red" onClick={() => setDeleting(user)}>
                    Delete account
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
  const [typed, setTyped] = useState('')
  const matches = user !== null && typed.trim().toLowerCase() === user.email.toLowerCase()
  return (
    <Modal
      opened={user !== null}
      onClose={() => {
        setTyped('')
        onClose()
      }}
      title="Delete this account?"
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
              This deletes {user.email} and all its data (habits, events, goals, reminders) for
              good. It cannot be undone.
            </Text>
            <TextInput
              label="Type the account's e-mail address to confirm"
              value={typed}
              autoComplete="off"
              onChange={(event) => setTyped(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red" disabled={!matches}>
                Delete account
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
