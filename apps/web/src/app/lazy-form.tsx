import { Suspense } from 'react'
import { Loading } from '../components/placeholders'
import type { FormProps } from '../lib/form-opener'
import { useT } from '../lib/i18n'
import { type Preloadable, preloadable } from '../lib/preloadable'
import type { FormEntry } from './forms'

// One component per form, so reopening a form does not suspend again.
const cache = new Map<FormEntry, Preloadable<FormProps>>()

function formOf(entry: FormEntry): Preloadable<FormProps> {
  let form = cache.get(entry)
  if (!form) {
    form = preloadable(entry.load)
    cache.set(entry, form)
  }
  return form
}

/** Fetches and evaluates a form's code ahead of its first opening. */
export const preloadForm = (entry: FormEntry) => formOf(entry).preload()

/** Renders a registered form, loading its code on first use. */
export function LazyForm({ entry, ...props }: FormProps & { entry: FormEntry }) {
  const t = useT()
  const { Component: Form } = formOf(entry)
  return (
    <Suspense fallback={<Loading label={t('Loading')} />}>
      <Form {...props} />
    </Suspense>
  )
}
