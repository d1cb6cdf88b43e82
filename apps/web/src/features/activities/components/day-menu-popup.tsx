import { planUndoSkip } from '@kindling/core'
import { Button, Drawer, Menu, Stack } from '@mantine/core'
import { IconPlayerSkipForward, IconPlus, IconRotate } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useSkipDay, useUndoSkip } from '../../../api/breaks'
import { type MessageKey, msg, t, useT } from '../../../lib/i18n'
import { formatDay } from '../../../lib/locale-format'
import { useSynced } from '../../../lib/sync/store'
import { useMounted } from '../../../lib/use-mounted'

/*
 * A day's menu on a habit's week strip and calendar (issue 49): 'Add event', and 'Skip this day'
 * or 'Undo skip', one tap each. A dropdown beside the day on wide layouts, a bottom drawer on the
 * mobile one. Loaded when first opened: the habits page draws without Mantine's overlays.
 */

export interface DayMenuTarget {
  activityId: string
  activityName: string
  day: string
  /** The day button it opened from: the dropdown stands beside it, the focus returns to it. */
  anchor: HTMLElement
}

interface DayAction {
  label: MessageKey
  icon: typeof IconPlus
  run?: () => void
  disabled?: boolean
}

/** What the day offers: logging, and skipping or undoing its skip. */
function useDayActions(target: DayMenuTarget, onAddEvent: () => void): DayAction[] {
  const { activityId, day } = target
  const skip = useSkipDay()
  const undo = useUndoSkip()
  const state = useSynced(
    (view) => {
      const own = planUndoSkip(view.breaks.values(), activityId, day).length > 0
      const anyBreak = [...view.breaks.values()].some(
        (brk) => brk.activityId === null && brk.from <= day && brk.to >= day,
      )
      return own ? 'skipped' : anyBreak ? 'vacation' : 'open'
    },
    [activityId, day],
  ).data
  const actions: DayAction[] = [{ label: msg('Add event'), icon: IconPlus, run: onAddEvent }]
  if (state === 'skipped') {
    actions.push({
      label: msg('Undo skip'),
      icon: IconRotate,
      run: () => undo.mutate({ activityId, day }),
    })
  } else if (state === 'vacation') {
    actions.push({ label: msg('On vacation'), icon: IconPlayerSkipForward, disabled: true })
  } else {
    actions.push({
      label: msg('Skip this day'),
      icon: IconPlayerSkipForward,
      run: () => skip.mutate({ activityId, day }),
    })
  }
  return actions
}

export interface DayMenuProps {
  target: DayMenuTarget
  mobile: boolean
  onAddEvent: () => void
  onClose: () => void
}

/** The menu of `target`'s day, open from its first drawing until an action or a dismissal. */
export default function DayMenu({ target, mobile, onAddEvent, onClose }: DayMenuProps) {
  useT()
  const mounted = useMounted()
  const [opened, setOpened] = useState(true)
  const actions = useDayActions(target, onAddEvent)
  const title = t('{name} on {day}', { name: target.activityName, day: formatDay(target.day) })
  const close = () => {
    setOpened(false)
    target.anchor.focus({ preventScroll: true })
    onClose()
  }

  if (mobile) {
    return (
      <Drawer
        opened={mounted && opened}
        onClose={close}
        position="bottom"
        size={260}
        title={title}
        radius="md"
      >
        <Stack gap="xs" pb="md">
          {actions.map((action, index) => (
            <Button
              key={action.label}
              data-autofocus={index === 0 || undefined}
              variant="light"
              color="gray"
              justify="flex-start"
              size="md"
              disabled={action.disabled}
              leftSection={<action.icon size={16} aria-hidden />}
              onClick={() => {
                close()
                action.run?.()
              }}
            >
              {t(action.label)}
            </Button>
          ))}
        </Stack>
      </Drawer>
    )
  }
  return <DayDropdown title={title} target={target} actions={actions} onClose={close} />
}

/** Where the anchor stands in the page (scrolling moves both alike). */
function placeOf(anchor: HTMLElement) {
  const rect = anchor.getBoundingClientRect()
  return {
    left: rect.left + window.scrollX,
    top: rect.top + window.scrollY,
    width: rect.width,
    height: rect.height,
  }
}

function DayDropdown({
  title,
  target,
  actions,
  onClose,
}: {
  title: string
  target: DayMenuTarget
  actions: DayAction[]
  onClose: () => void
}) {
  const mounted = useMounted()
  const [place, setPlace] = useState(() => placeOf(target.anchor))
  useEffect(() => {
    const update = () => setPlace(placeOf(target.anchor))
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [target.anchor])
  return createPortal(
    <Menu
      opened={mounted}
      onChange={(open) => {
        if (!open) onClose()
      }}
      position="bottom"
      withinPortal
      returnFocus={false}
      // Focus starts on the first action, not on Mantine's focusable placeholder, which axe
      // finds among a menu's children where only menu items belong.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <span aria-hidden style={{ position: 'absolute', pointerEvents: 'none', ...place }} />
      </Menu.Target>
      <Menu.Dropdown aria-label={title}>
        {actions.map((action, index) => (
          <Menu.Item
            key={action.label}
            data-autofocus={index === 0 || undefined}
            disabled={action.disabled}
            leftSection={<action.icon size={16} aria-hidden />}
            onClick={action.run}
          >
            {t(action.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>,
    document.body,
  )
}
