import { lazy, memo, Suspense } from 'react'
import { useSyncStatus } from '../lib/sync/store'
import { ErrorBoundary } from './error-boundary'

/**
 * The sign's code, fetched the first time it shows or before (the layout's preload on a first
 * tap: a write that waits offline must find it), not with the first screen (decision 163).
 */
export const loadSyncBadge = () => import('./sync-badge')
const SyncBadge = lazy(() => loadSyncBadge().then((module) => ({ default: module.SyncBadge })))

/**
 * A small, polite sign in the header (sync-badge.tsx): shown while the device is offline or
 * changes wait to be sent, gone once everything is sent and the device is online. The live
 * region is always there, so what appears in it is announced. Drawn again when the status or
 * `compact` changes, not with the header at every navigation.
 */
export const SyncStatus = memo(function SyncStatus({ compact = false }: { compact?: boolean }) {
  const visible = useSyncStatus((status) => status.loaded && (!status.online || status.pending > 0))
  return (
    <div role="status" aria-live="polite" style={{ display: 'contents' }}>
      {visible && (
        // A sign whose code cannot be fetched (offline before the service worker held it)
        // shows nothing rather than taking the header down.
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <SyncBadge compact={compact} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  )
})
