import { type ReactNode, useState } from 'react'
import { HeaderActionsTargetContext } from '../../components/header-actions'
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
 * (an element known once the header is committed). Held here, not in the shell: a change draws
 * the header and the actions again, not the whole page, which the shell's own state did
 * synchronously right after every first drawing (issue 19).
 */
export function HeaderState({ header, children }: HeaderStateProps) {
  const [recordTitle, setRecordTitle] = useState<string | null>(null)
  const [actionsTarget, setActionsTarget] = useState<HTMLElement | null>(null)
  return (
    <RecordTitleContext.Provider value={setRecordTitle}>
      <HeaderActionsTargetContext.Provider value={actionsTarget}>
        {header({ recordTitle, actionsRef: setActionsTarget })}
        {children}
      </HeaderActionsTargetContext.Provider>
    </RecordTitleContext.Provider>
  )
}
