import type { Activity } from '@kindling/core'
import { isDeleted, sortByRecent } from '@kindling/core'
import { ActionIcon, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMemo } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useActivities } from '../../../api/activities'
import { useGroup } from '../../../api/groups'
import { ActivityBadge } from '../../../components/activity-badge'
import { useConfirmDeleteGroup } from '../../../components/group-delete'
import { HeaderActionButton, HeaderActions } from '../../../components/header-actions'
import { Gone } from '../../../components/placeholders'
import { PlainList } from '../../../components/plain-list'
import { useRecordTitle } from '../../../components/record-title'
import { useOpenForm } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'

/** /groups/{groupId}: the group (name, description, colour) and its activities; edit, delete. */
export function Component() {
  const t = useT()
  const { groupId = '' } = useParams()
  const groupQuery = useGroup(groupId)
  const activitiesQuery = useActivities()
  const openForm = useOpenForm()
  const navigate = useNavigate()
  const { confirmDelete, isPending } = useConfirmDeleteGroup()
  const group = groupQuery.data
  useRecordTitle(group?.name)

  const members = useMemo<Activity[]>(() => {
    if (!group) return []
    const ids = new Set(group.activities)
    return sortByRecent(
      (activitiesQuery.data ?? []).filter(
        (activity) => ids.has(activity.id) && !isDeleted(activity),
      ),
    )
  }, [group, activitiesQuery.data])

  if (groupQuery.isLoading) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('Loading group')}>
        <Skeleton height={90} radius="md" />
        <Skeleton height={48} radius="md" />
      </Stack>
    )
  }
  if (!group) {
    return <Gone>{t('This group no longer exists.')}</Gone>
  }

  return (
    <Stack gap="md">
      <HeaderActions>
        <HeaderActionButton
          label={t('Edit')}
          icon={IconPencil}
          onClick={() => openForm(paths.updateGroup({ groupId: group.id }))}
        />
        <HeaderActionButton
          label={t('Delete')}
          icon={IconTrash}
          color="red"
          loading={isPending}
          onClick={() =>
            confirmDelete(group, () => navigate(paths.activities(), { replace: true }))
          }
        />
      </HeaderActions>
      <Paper
        withBorder
        radius="md"
        p="md"
        style={{ borderInlineStart: `6px solid ${group.color}` }}
      >
        <Stack gap={6}>
          <Group gap="sm" wrap="nowrap">
            <Box
              w={16}
              h={16}
              bg={group.color}
              style={{ borderRadius: 4, flexShrink: 0 }}
              aria-hidden
            />
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {group.name}
            </Title>
          </Group>
          {group.description ? (
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {group.description}
            </Text>
          ) : (
            <Text c="gray.5" size="sm">
              {t('No description.')}
            </Text>
          )}
          <Text size="sm" c="gray.5">
            {t('Color {color}', { color: group.color })}
          </Text>
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t('Habits')}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => openForm(paths.addActivity({ groupId: group.id }))}
        >
          {t('Add Activity')}
        </Button>
      </Group>
      {activitiesQuery.isLoading ? (
        <Skeleton height={48} radius="md" />
      ) : members.length === 0 ? (
        <Text c="gray.5" size="sm">
          {t('No habits in this group yet.')}
        </Text>
      ) : (
        <PlainList label={t('Habits')}>
          {members.map((activity) => (
            <Paper component="li" key={activity.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap">
                <ActivityBadge activity={activity} to={paths.activity(activity.id)} />
                <ActionIcon
                  variant="light"
                  size="lg"
                  aria-label={t('Add event for {name}', { name: activity.name })}
                  onClick={() => openForm(paths.addEvent({ activityId: activity.id }))}
                >
                  <IconPlus size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </PlainList>
      )}
    </Stack>
  )
}
