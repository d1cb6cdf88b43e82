import { createContext, useContext } from 'react'
import { useNavigateTo } from './navigate'

/**
 * Props every add/update form component receives, whether it is shown as a page or a modal.
 * `search` carries the route's query (e.g. activityId, defaultDate); `onDone` is called after a
 * successful save or delete (the page goes back, the modal closes); `onCancel` likewise.
 */
export interface FormProps {
  search: URLSearchParams
  onDone: () => void
  onCancel: () => void
}

/** Opens an add/update route (`paths.addEvent(...)`) as a page or a modal, as the layout prefers. */
export type OpenForm = (href: string) => void

export const FormOpenerContext = createContext<OpenForm | null>(null)

/** The layout's form opener; outside it (a part drawn alone), a navigation to the form's page. */
export function useOpenForm(): OpenForm {
  const navigateTo = useNavigateTo()
  return useContext(FormOpenerContext) ?? navigateTo
}
