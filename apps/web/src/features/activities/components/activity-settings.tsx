import type { Activity, Schedule } from '@kindling/core'
import { ACTIVITY_NAME_INPUT_MAX_LENGTH, ActivityInput, isDeleted } from '@kindling/core'
import { Button, ColorInput, Group, Stack, Textarea, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  IconArchive,
  IconArchiveOff,
  IconArrowsExchange,
  IconLink,
  IconTrash,
} from '@tabler/icons-react'
import { Suspense } from 'react'
import { useNavigate } from 'react-router'
import { useDeleteActivity, useUpdateActivity } from '../../../api/activities'
import { useGroups } from '../../../api/groups'
import { getApiBaseUrl } from '../../../lib/api-client'
import { getAuthState } from '../../../lib/auth-state'
import { confirmDelete as confirmDeleteRecord } from '../../../lib/confirm-delete'
import { useOpenForm } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { useDraft } from '../../../lib/use-draft'
import { useActivityPanels } from '../panels'
import { getNameError } from './activity-form'
import { HabitBreaks } from './habit-breaks'
import { ScheduleFields } from './schedule-fields'

const sameSchedule = (a: Schedule, b: Schedule) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The Settings tab (SPEC §4 Activity editing): name, description and schedule save when a
 * field is left; the colour saves at once. Also moving to a group, archiving, deleting, and
 * taking a break (issue 49).
 */
export function ActivitySettings({ activity }: { activity: Activity }) {
  const t = useT()
  const { Reminders, RemindersPlaceholder } = useActivityPanels()
  const updateActivity = useUpdateActivity()
  const deleteActivity = useDeleteActivity()
  const groupsQuery = useGroups()
  const navigate = useNavigate()
  const openForm = useOpenForm()
  // Drafts follow the stored activity, so an edit made in the Update Activity dialog shows here.
  const [name, setName] = useDraft(activity.name, Object.is, 'settings:name')
  const [description, setDescription] = useDraft(
    activity.description,
    Object.is,
    'settings:description',
  )
  const [color, setColor] = useDraft(activity.color, Object.is, 'settings:color')
  const [schedule, setSchedule] = useDraft<Schedule>(
    activity.schedule,
    sameSchedule,
    'settings:schedule',
  )
  const nameError = getNameError(name, true)
  const group = (groupsQuery.data ?? []).find(
    (candidate) => !isDeleted(candidate) && candidate.activities.includes(activity.id),
  )

  function save(change: Partial<Pick<Activity, 'name' | 'description' | 'color' | 'schedule'>>) {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    const next = {
      name: activity.name,
      description: activity.description,
      color: activity.color,
      schedule: activity.schedule,
      ...change,
    }
    if (!ActivityInput.safeParse(next).success) return
    updateActivity.mutate({ id: activity.id, ...next })
  }

  /**
   * The habit's one-tap log link (issue 52), for a home screen, an NFC tag or a Shortcut: at the
   * server's own address (the native shells' pages are not reachable from outside the app).
   */
  async function copyLogLink() {
    const link = new URL(paths.logEvent(activity.id), getApiBaseUrl() || window.location.origin)
    try {
      await navigator.clipboard.writeText(link.href)
      notifications.show({ message: t('Copied log link'), color: 'orange' })
    } catch {
      notifications.show({
        title: t('Copy this link'),
        message: link.href,
        autoClose: false,
      })
    }
  }

  function confirmDelete() {
    void confirmDeleteRecord({
      question: t('Are you sure you want to delete this activity?'),
      name: activity.name,
      deleted: t('Deleted {name}', { name: activity.name }),
      remove: () => deleteActivity.mutateAsync(activity.id),
      onDeleted: () => navigate(paths.activities(), { replace: true }),
    })
  }

  return (
    <Stack gap="md">
      <TextInput
        label={t('Name')}
        required
        value={name}
        maxLength={ACTIVITY_NAME_INPUT_MAX_LENGTH}
        error={nameError}
        onChange={(event) =>
          setName(event.currentTarget.value.slice(0, ACTIVITY_NAME_INPUT_MAX_LENGTH))
        }
        onBlur={() => {
          if (!nameError && name.trim() !== activity.name) save({ name: name.trim() })
        }}
      />
      <Textarea
        label={t('Description')}
        autosize
        minRows={2}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        onBlur={() => {
          if (description !== activity.description) save({ description })
        }}
      />
      <ColorInput
        label={t('Color')}
        format="hex"
        eyeDropperButtonProps={{ 'aria-label': t('Pick a colour from the screen') }}
        value={color}
        onChange={setColor}
        onChangeEnd={(picked) => {
          if (picked !== activity.color) save({ color: picked })
        }}
      />
      <ScheduleFields
        value={schedule}
        onChange={(next) => {
          setSchedule(next)
          // Picking a type or a weekday is one discrete choice: it saves at once. The
          // day-of-month is typed, so it saves when left.
          if (next.type !== 'Monthly' || schedule.type !== 'Monthly') save({ schedule: next })
        }}
        onDayOfMonthBlur={() => {
          if (!sameSchedule(schedule, activity.schedule)) save({ schedule })
        }}
      />
      <Group gap="sm">
        <Button
          variant="light"
          color="gray"
          leftSection={<IconArrowsExchange size={16} aria-hidden />}
          onClick={() =>
            openForm(paths.moveActivity({ activityId: activity.id, groupId: group?.id }))
          }
        >
          {t('Move to group')}
        </Button>
        <Button
          variant="light"
          color="gray"
          leftSection={
            activity.archived ? (
              <IconArchiveOff size={16} aria-hidden />
            ) : (
              <IconArchive size={16} aria-hidden />
            )
          }
          // Archived (issue 49): out of every list and reminder, its history and page kept.
          onClick={() =>
            updateActivity.mutate({
              id: activity.id,
              name: activity.name,
              archived: !activity.archived,
            })
          }
        >
          {activity.archived ? t('Unarchive') : t('Archive')}
        </Button>
        <Button
          variant="light"
          color="gray"
          leftSection={<IconLink size={16} aria-hidden />}
          onClick={copyLogLink}
        >
          {t('Copy log link')}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={confirmDelete}
          loading={deleteActivity.isPending}
        >
          {t('Delete activity')}
        </Button>
      </Group>
      <HabitBreaks activity={activity} />
      {/* Below the buttons: what loads late never moves them under a finger. */}
      {Reminders && (
        // As tall as the section without reminders: loading it moves nothing below.
        <Suspense fallback={RemindersPlaceholder ? <RemindersPlaceholder /> : null}>
          <Reminders activityId={activity.id} />
        </Suspense>
      )}
    </Stack>
  )
}
