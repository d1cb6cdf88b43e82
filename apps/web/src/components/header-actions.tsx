import { createContext, type ReactNode, useContext } from 'react'
import { createPortal } from 'react-dom'

/** The header element that page actions render into; the app shell provides it. */
export const HeaderActionsTargetContext = createContext<HTMLElement | null>(null)

/** Renders a page's actions (SPEC §2 "Header actions per page") into the fixed header. */
export function HeaderActions({ children }: { children: ReactNode }) {
  const target = useContext(HeaderActionsTargetContext)
  return target ? createPortal(children, target) : null
}
