import type { ImportProgress } from '@kindling/core'

/** How long a finished import's progress can still be read. */
const KEPT_MS = 10 * 60_000
/** Imports followed at once at most (a bound on memory, whatever clients send). */
const MAX_FOLLOWED = 10_000

const followed = new Map<string, { progress: ImportProgress; at: number }>()

const keyOf = (uid: string, progressId: string) => `${uid}\u0000${progressId}`

/**
 * Notes how far the caller's import named `progressId` has come (issue 51, decision 147). Kept in
 * this process only: small, and gone with it; another node answers that it knows nothing.
 */
export function reportImportProgress(
  uid: string,
  progressId: string,
  progress: ImportProgress,
  now = Date.now(),
): void {
  const key = keyOf(uid, progressId)
  followed.delete(key)
  followed.set(key, { progress, at: now })
  // Oldest first (insertion order): drop what is stale or over the bound.
  for (const [oldKey, entry] of followed) {
    if (now - entry.at < KEPT_MS && followed.size <= MAX_FOLLOWED) break
    followed.delete(oldKey)
  }
}

/** The caller's import `progressId` as last noted, or undefined (unknown, another's, or stale). */
export function readImportProgress(
  uid: string,
  progressId: string,
  now = Date.now(),
): ImportProgress | undefined {
  const entry = followed.get(keyOf(uid, progressId))
  return entry && now - entry.at < KEPT_MS ? entry.progress : undefined
}
