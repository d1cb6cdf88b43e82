export type UnlessEscaped<T> = { escaped: true } | { escaped: false; value: T }

/**
 * `wait`, unless Escape is pressed first: for a dialog asked for whose code or host is still
 * loading (its first use, on a slow connection), where the user's Escape says no before it can
 * show. Answers at the first of the two; a failure of `wait` before any Escape rejects.
 */
export function unlessEscaped<T>(wait: Promise<T>): Promise<UnlessEscaped<T>> {
  return new Promise((resolve, reject) => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      stop()
      resolve({ escaped: true })
    }
    const stop = () => window.removeEventListener('keydown', onKey)
    window.addEventListener('keydown', onKey)
    wait.then(
      (value) => {
        stop()
        resolve({ escaped: false, value })
      },
      (error: unknown) => {
        stop()
        reject(error)
      },
    )
  })
}
