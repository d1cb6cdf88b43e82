import { useLocation } from 'react-router'
import { findForm } from './forms'
import { LazyForm } from './lazy-form'
import { NotFound } from './not-found'
import { useGoBack } from './use-go-back'

/** An add/update route shown as a full page (mobile); done or cancelled goes back. */
export function Component() {
  const location = useLocation()
  const goBack = useGoBack()
  const form = findForm(`${location.pathname}${location.search}`)
  if (!form) return <NotFound />
  return <LazyForm entry={form.entry} search={form.search} onDone={goBack} onCancel={goBack} />
}
