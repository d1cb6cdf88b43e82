import type { Activity, Attribute, DayTotals, WeekStripDay } from '@kindling/core'
import { ActionIcon, Group, Paper, Stack } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { type DragEvent, memo } from 'react'
import { ActivityBadge } from '../../../components/activity-badge'
import { AttributeList } from '../../../components/attribute-list'
import { useOpenForm } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import classes from './activity-row.module.css'
import { useDayPicker } from './day-picker'
import { MoveButtons } from './move-buttons'
import { StreakFlame } from './streak-flame'
import { WeekStrip } from './week-strip'

export interface ActivityRowProps {
  activity: Activity
  streak: number
  attributes: readonly Attribute[]
  days: readonly WeekStripDay[]
  totals: DayTotals | undefined
  compact?: boolean
  /** 'My order' (issue 49): its place in its list, moved by buttons or by dragging. */
  reorder?: {
    index: number
    count: number
    move: (to: number) => void
    /** Another row of the same list was dropped on this one: it takes this one's place. */
    moveFrom: (id: string) => void
  }
}

const DRAGGED = 'application/x-kindling-habit'

/**
 * One habit: name badge, flame with streak, add-event button, week strip and attributes. Drawn
 * again only when its props change: events coming in for other days and habits leave it be.
 */
export const ActivityRow = memo(function ActivityRow({
  activity,
  streak,
  attributes,
  days,
  totals,
  compact,
  reorder,
}: ActivityRowProps) {
  const t = useT()
  const openForm = useOpenForm()
  const dayPicker = useDayPicker(activity.id, activity.name)
  return (
    <Paper
      component="li"
      className={classes.row}
      withBorder
      radius="md"
      p="sm"
      aria-label={activity.name}
      draggable={reorder ? true : undefined}
      onDragStart={
        reorder
          ? (event: DragEvent) => {
              event.dataTransfer.setData(DRAGGED, activity.id)
              event.dataTransfer.effectAllowed = 'move'
            }
          : undefined
      }
      onDragOver={
        reorder
          ? (event: DragEvent) => {
              if (event.dataTransfer.types.includes(DRAGGED)) event.preventDefault()
            }
          : undefined
      }
      onDrop={
        reorder
          ? (event: DragEvent) => {
              const id = event.dataTransfer.getData(DRAGGED)
              if (!id || id === activity.id) return
              event.preventDefault()
              reorder.moveFrom(id)
            }
          : undefined
      }
      style={reorder ? { cursor: 'grab' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ActivityBadge activity={activity} to={paths.activity(activity.id)} />
            <StreakFlame streak={streak} />
          </Group>
          <Group gap={4} wrap="nowrap">
            {reorder && (
              <MoveButtons
                name={activity.name}
                index={reorder.index}
                count={reorder.count}
                move={reorder.move}
              />
            )}
            <ActionIcon
              variant="light"
              size="lg"
              aria-label={t('Add event for {name}', { name: activity.name })}
              onClick={() => openForm(paths.addEvent({ activityId: activity.id }))}
            >
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {!compact && (
          <WeekStrip
            activityName={activity.name}
            schedule={activity.schedule}
            days={days}
            totals={totals}
            onPickDay={dayPicker.pick}
          />
        )}
        {dayPicker.elements}
        {!compact && (
          <AttributeList
            attributes={attributes}
            hrefOf={(attribute) => paths.attribute(attribute.id)}
          />
        )}
      </Stack>
    </Paper>
  )
})
