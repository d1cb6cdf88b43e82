import { type ReactNode, useState } from 'react'
import {
  createHeaderActionsTarget,
  HeaderActionsTargetContext,
} from '../../components/header-actions'
import { RecordTitleContext } from '../../components/record-title'

interface HeaderStateProps {
  header: (state: {
    recordTitle: string | null
    actionsRef: (element: HTMLElement | null) => void
  }) => ReactNode
  children: ReactNode
}

/**
 * What the page tells the header: the record a detail screen names, and where its actions go
 * (an element known once the header is committed). Held here, not in the shell: a new title
 * draws the header again, not the whole page, which the shell's own state did synchronously
 * right after every first drawing (issue 19); the actions' element draws only the actions.
 */
export function HeaderState({ header, children }: HeaderStateProps) {
  const [recordTitle, setRecordTitle] = useState<string | null>(null)
  const [actionsTarget] = useState(createHeaderActionsTarget)
  return (
    <RecordTitleContext.Provider value={setRecordTitle}>
      <HeaderActionsTargetContext.Provider value={actionsTarget}>
        {header({ recordTitle, actionsRef: actionsTarget.set })}
        {children}
      </HeaderActionsTargetContext.Provider>
    </RecordTitleContext.Provider>
  )
}
