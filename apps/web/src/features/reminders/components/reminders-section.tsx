import { ALL_WEEKDAYS, compareCodeUnits, type Reminder } from '@kindling/core'
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core'
import { TimeInput } from '@mantine/dates'
import { IconTrash } from '@tabler/icons-react'
import { type FocusEvent, useRef, useState } from 'react'
import { WeekdayCheckboxes } from '../../../components/weekday-checkboxes'
import { useT } from '../../../lib/i18n'
import { useDraft } from '../../../lib/use-draft'
import { useChangeReminder, useReminders } from '../api/reminders'
import { OnlineData } from './online-data'
import { ReminderDelivery } from './reminder-delivery'
import { NoReminders, RemindersFrame } from './reminders-shape'

/** Where a new reminder starts: every day at nine. */
const NEW_REMINDER = { time: '09:00', days: [...ALL_WEEKDAYS] }

/**
 * The habit settings' 'Reminders' section (issue 18): any number of reminders, each a time of
 * day and the weekdays it fires on. A reminder is skipped on days the habit is already done.
 */
export function RemindersSection({ activityId }: { activityId: string }) {
  const t = useT()
  const reminders = useReminders(activityId)
  const change = useChangeReminder(activityId)
  const arrange = useOrderKeptWhileEditing()

  return (
    <RemindersFrame
      delivery={<ReminderDelivery />}
      addButton={{
        loading: change.isPending && change.variables?.op === 'create',
        disabled: reminders.isError,
        onClick: () => change.mutate({ op: 'create', input: { activityId, ...NEW_REMINDER } }),
      }}
    >
      <OnlineData
        query={reminders}
        placeholder={<NoReminders />}
        failure={t('Reminders could not be loaded. They can be changed when online.')}
      >
        {(list) =>
          list.length === 0 ? (
            <NoReminders />
          ) : (
            arrange
              .order(list)
              .map((reminder) => (
                <ReminderRow
                  key={reminder.id}
                  reminder={reminder}
                  onFocus={arrange.onFocus}
                  onBlur={arrange.onBlur}
                  onSave={(input) => change.mutate({ op: 'update', id: reminder.id, input })}
                  onDelete={() => change.mutate({ op: 'delete', id: reminder.id })}
                />
              ))
          )
        }
      </OnlineData>
      {change.isError ? (
        <Text role="alert" size="sm" c="red.4">
          {t('The reminder was not saved: {error}', { error: change.error.message })}
        </Text>
      ) : null}
    </RemindersFrame>
  )
}

const byTime = (a: Reminder, b: Reminder) =>
  compareCodeUnits(a.time, b.time) || compareCodeUnits(a.id, b.id)

/**
 * Reminders by time, but not while one is being edited (issue 51): a card that moved as its time
 * was saved took the focus away mid-edit (from the time to its days). While the focus is in a
 * card the order stays as it was shown (new ones at the end); once it leaves, they are sorted.
 */
function useOrderKeptWhileEditing() {
  const [editing, setEditing] = useState(false)
  const shown = useRef<string[]>([])
  return {
    order(list: readonly Reminder[]): Reminder[] {
      const sorted = [...list].sort(byTime)
      if (editing) {
        const rank = new Map(shown.current.map((id, index) => [id, index]))
        const known = (reminder: Reminder) => rank.get(reminder.id) ?? Number.MAX_SAFE_INTEGER
        sorted.sort((a, b) => known(a) - known(b))
      }
      shown.current = sorted.map((reminder) => reminder.id)
      return sorted
    },
    onFocus: () => setEditing(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget
      if (!(next instanceof Node && event.currentTarget.contains(next))) setEditing(false)
    },
  }
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const sameDays = (a: readonly number[], b: readonly number[]) => a.join() === b.join()

function ReminderRow({
  reminder,
  onFocus,
  onBlur,
  onSave,
  onDelete,
}: {
  reminder: Reminder
  onFocus: () => void
  onBlur: (event: FocusEvent<HTMLElement>) => void
  onSave: (input: { activityId: string; time: string; days: number[] }) => void
  onDelete: () => void
}) {
  const t = useT()
  const [time, setTime] = useDraft(reminder.time, Object.is, `reminder:${reminder.id}:time`)
  const [days, setDays] = useDraft(reminder.days, sameDays, `reminder:${reminder.id}:days`)
  const [touched, setTouched] = useState(false)
  const timeError = touched && !TIME.test(time) ? t('Enter a time like 08:30.') : null
  // Whatever the row shows is what is saved: a days change right after a time change keeps it.
  const save = (change: { time?: string; days?: number[] }) =>
    onSave({
      activityId: reminder.activityId,
      time: TIME.test(time) ? time : reminder.time,
      days,
      ...change,
    })

  return (
    <Paper withBorder p="sm" radius="md" onFocus={onFocus} onBlur={onBlur}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <TimeInput
            label={t('Time')}
            w={120}
            value={time}
            error={timeError}
            onChange={(event) => setTime(event.currentTarget.value)}
            onBlur={() => {
              setTouched(true)
              if (TIME.test(time) && time !== reminder.time) save({ time })
            }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('Delete the reminder at {time}', { time: reminder.time })}
            onClick={onDelete}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <WeekdayCheckboxes
          value={days}
          onChange={(next) => {
            setDays(next)
            save({ days: next })
          }}
        />
      </Stack>
    </Paper>
  )
}
