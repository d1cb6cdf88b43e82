import { type FormEvent, useState } from 'react'
import { getAuthErrorMessage } from '../api/auth-errors'

/**
 * Submits an auth form: the call runs once at a time, and its failure is kept (logged, and as
 * the text to show under the form) until the next try.
 */
export function useAuthSubmit(action: () => Promise<void>) {
  const [failure, setFailure] = useState<{ caught: unknown } | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    setSubmitting(true)
    try {
      await action()
    } catch (caught) {
      console.error(caught)
      setFailure({ caught })
    } finally {
      setSubmitting(false)
    }
  }

  return {
    handleSubmit,
    submitting,
    /** What went wrong, worded for the user; null before a failure. */
    error: failure && getAuthErrorMessage(failure.caught),
    /** The thrown value itself, for forms that act on its code. */
    caught: failure?.caught,
  }
}
