import { type ComponentType, lazy, Suspense } from 'react'
import { Loading } from '../components/placeholders'
import type { FormProps } from '../lib/form-opener'
import { useT } from '../lib/i18n'
import type { FormEntry } from './forms'

// One lazy component per form, so reopening a form does not suspend again.
const cache = new Map<FormEntry, ComponentType<FormProps>>()

function getLazyForm(entry: FormEntry): ComponentType<FormProps> {
  let component = cache.get(entry)
  if (!component) {
    component = lazy(entry.load)
    cache.set(entry, component)
  }
  return component
}

/** Renders a registered form, loading its code on first use. */
export function LazyForm({ entry, ...props }: FormProps & { entry: FormEntry }) {
  const t = useT()
  const Form = getLazyForm(entry)
  return (
    <Suspense fallback={<Loading label={t('Loading')} />}>
      <Form {...props} />
    </Suspense>
  )
}
