import { ActionIcon } from '@mantine/core'
import type { Icon } from '@tabler/icons-react'
import { createContext, type ReactNode, useContext } from 'react'
import { createPortal } from 'react-dom'

/** The header element that page actions render into; the app shell provides it. */
export const HeaderActionsTargetContext = createContext<HTMLElement | null>(null)

/** Renders a page's actions (SPEC §2 "Header actions per page") into the fixed header. */
export function HeaderActions({ children }: { children: ReactNode }) {
  const target = useContext(HeaderActionsTargetContext)
  return target ? createPortal(children, target) : null
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

/** One icon button of the header's page actions. */
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
      aria-label={label}
      onClick={onClick}
      loading={loading}
    >
      <IconComponent aria-hidden />
    </ActionIcon>
  )
}
