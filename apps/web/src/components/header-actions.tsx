import { ActionIcon } from '@mantine/core'
import type { Icon } from '@tabler/icons-react'
import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from 'react'
import { createPortal } from 'react-dom'

/**
 * The header element that page actions render into, known once the header is committed. Kept
 * out of React state: its arrival draws only the pages' actions, not the header that holds it
 * (a synchronous drawing of the whole header right after every first screen, issue 19).
 */
export interface HeaderActionsTarget {
  get: () => HTMLElement | null
  /** The header's ref callback. */
  set: (element: HTMLElement | null) => void
  subscribe: (listener: () => void) => () => void
}

export function createHeaderActionsTarget(): HeaderActionsTarget {
  let element: HTMLElement | null = null
  const listeners = new Set<() => void>()
  return {
    get: () => element,
    set: (next) => {
      if (next === element) return
      element = next
      for (const listener of listeners) listener()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** No header: actions show nowhere (a screen drawn alone, or one a form page covers). */
export const NO_HEADER_ACTIONS_TARGET: HeaderActionsTarget = {
  get: () => null,
  set: () => undefined,
  subscribe: () => () => undefined,
}

/** The app shell provides the target. */
export const HeaderActionsTargetContext =
  createContext<HeaderActionsTarget>(NO_HEADER_ACTIONS_TARGET)

/**
 * Renders a page's actions (SPEC §2 "Header actions per page") into the fixed header. On the
 * first screen the header is committed with the page, so the actions come in a drawing of their
 * own after it: a transition, in slices, not a synchronous drawing in the first screen's effects
 * (issue 55). Later pages find the header there at once.
 */
export function HeaderActions({ children }: { children: ReactNode }) {
  const target = useContext(HeaderActionsTargetContext)
  const [known, setKnown] = useState(() => ({ target, element: target.get() }))
  // Another target (the page covered, or shown again) is read at once, never the last one's.
  const element = known.target === target ? known.element : target.get()
  useEffect(() => {
    const update = () => startTransition(() => setKnown({ target, element: target.get() }))
    update()
    return target.subscribe(update)
  }, [target])
  return element ? createPortal(children, element) : null
}

interface HeaderActionButtonProps {
  /** The accessible name: the icon alone is not announced. */
  label: string
  icon: Icon
  onClick: () => void
  /** Red for destructive actions. */
  color?: 'gray' | 'red'
  loading?: boolean
}

/**
 * One icon button of the header's page actions, named by its title (a tooltip on hover too), not
 * by a label: over a list on a wide screen, the Add Event dialog's "Activity" field found by its
 * label would also match an "Add activity" label of the header.
 */
export function HeaderActionButton({
  label,
  icon: IconComponent,
  onClick,
  color = 'gray',
  loading,
}: HeaderActionButtonProps) {
  return (
    <ActionIcon
      variant="subtle"
      color={color}
      size="lg"
      title={label}
      onClick={onClick}
      loading={loading}
    >
      <IconComponent aria-hidden />
    </ActionIcon>
  )
}
