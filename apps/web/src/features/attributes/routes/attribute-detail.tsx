import { Badge, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { useNavigate, useParams } from 'react-router'
import { useActivity } from '../../../api/activities'
import { useAttribute, useDeleteAttribute } from '../../../api/attributes'
import { ActivityBadge } from '../../../components/activity-badge'
import { HeaderActionButton, HeaderActions } from '../../../components/header-actions'
import { Gone } from '../../../components/placeholders'
import { useRecordTitle } from '../../../components/record-title'
import { getAuthState } from '../../../lib/auth-state'
import { useOpenForm } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { describeAttributeType } from '../lib/describe-attribute'

/** /attributes/{attributeId}: name ('Untitled' if empty), description, type details; edit, delete. */
export function Component() {
  const t = useT()
  const { attributeId = '' } = useParams()
  const attributeQuery = useAttribute(attributeId)
  const attribute = attributeQuery.data
  useRecordTitle(attribute ? attribute.name || t('Untitled') : undefined)
  const activityQuery = useActivity(attribute?.activityId ?? '')
  const deleteAttribute = useDeleteAttribute()
  const openForm = useOpenForm()
  const navigate = useNavigate()

  function goBack() {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (index > 0) navigate(-1)
    else
      navigate(attribute ? paths.activity(attribute.activityId) : paths.activities(), {
        replace: true,
      })
  }

  function handleDelete() {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    // SPEC §4: deleting an attribute goes back afterwards.
    deleteAttribute.mutate(attributeId, { onSuccess: goBack })
  }

  if (attributeQuery.isLoading) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('Loading attribute')}>
        <Skeleton height={120} radius="md" />
      </Stack>
    )
  }
  if (!attribute) {
    return <Gone>{t('This attribute no longer exists.')}</Gone>
  }

  const details = describeAttributeType(attribute)
  return (
    <Stack gap="md">
      <HeaderActions>
        <HeaderActionButton
          label={t('Edit')}
          icon={IconPencil}
          onClick={() => openForm(paths.updateAttribute({ attributeId }))}
        />
        <HeaderActionButton
          label={t('Delete')}
          icon={IconTrash}
          color="red"
          loading={deleteAttribute.isPending}
          onClick={handleDelete}
        />
      </HeaderActions>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {attribute.name || t('Untitled')}
            </Title>
            {attribute.required && (
              <Badge variant="light" color="orange">
                {t('Required')}
              </Badge>
            )}
          </Group>
          {activityQuery.data && (
            <Group gap="xs">
              <Text size="sm" c="gray.5">
                {t('Habit')}
              </Text>
              <ActivityBadge
                activity={activityQuery.data}
                to={paths.activity(attribute.activityId)}
                size="md"
              />
            </Group>
          )}
          {attribute.description ? (
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {attribute.description}
            </Text>
          ) : (
            <Text size="sm" c="gray.5">
              {t('No description.')}
            </Text>
          )}
          {details.kind === 'text' ? (
            <Text fw={500}>{details.text}</Text>
          ) : (
            <Stack gap={4}>
              <Text fw={500}>{t('Options')}</Text>
              <List size="sm" aria-label={t('Options')}>
                {details.preview.map((option) => (
                  <List.Item key={option}>{option}</List.Item>
                ))}
              </List>
              {details.more > 0 && (
                <Text size="sm" c="gray.5">
                  {t('and {count, number} more', { count: details.more })}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}
