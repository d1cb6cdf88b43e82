import type { ImportProgress } from '@kindling/core'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { queryClient } from '../../../lib/query-client'
import { flushOutbox, getSyncEngine } from '../../../lib/sync/store'
import { uuidv7 } from '../../../lib/sync/uuid'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import {
  type ExportFormat,
  exportData,
  importFile,
  readImportProgress,
} from '../api/transfer-requests'

/** An import that takes longer than this shows how far it has come (issue 51). */
export const PROGRESS_AFTER_MS = 1000
/** How often the server is asked, meanwhile. */
const PROGRESS_EVERY_MS = 500

/**
 * Imports a file. Anything may have changed: the device's copy pulls the new records at once
 * and the reads outside the copy are refetched. `progress` is what the server last said of it
 * (decision 147), once it has taken a second.
 */
export function useImportFile() {
  const [progressId, setProgressId] = useState<string | null>(null)
  const mutation = useMutation(
    {
      mutationFn: (file: File) => {
        const id = uuidv7()
        setProgressId(id)
        return importFile(file, id)
      },
      onSuccess: () => {
        getSyncEngine()?.kick()
        return queryClient.invalidateQueries()
      },
    },
    queryClient,
  )
  const progress = useImportProgress(mutation.isPending ? progressId : null)
  return { ...mutation, progress }
}

/** The server's word on the running upload `progressId`, asked from a second on. */
function useImportProgress(progressId: string | null): ImportProgress | undefined {
  const [progress, setProgress] = useState<{ id: string; value: ImportProgress }>()
  useEffect(() => {
    if (!progressId) return
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout>
    const ask = async () => {
      try {
        const value = await readImportProgress(progressId, controller.signal)
        if (value) setProgress({ id: progressId, value })
      } catch {
        // Unanswered: the next turn asks again; the import's own answer is what counts.
      }
      if (!controller.signal.aborted) timer = setTimeout(ask, PROGRESS_EVERY_MS)
    }
    timer = setTimeout(ask, PROGRESS_AFTER_MS)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [progressId])
  return progressId && progress?.id === progressId ? progress.value : undefined
}

/** Saves a blob under `fileName` through a temporary link (the browser's download). */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started once click() returns; the URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** Downloads the account as a JSON backup or the events as CSV (dates in the device's zone). */
export function useExportData() {
  return useMutation(
    {
      mutationFn: async (format: ExportFormat) => {
        // Changes made offline are sent first, so the file holds them (when the server is reachable).
        await flushOutbox()
        const { blob, fileName } = await exportData(format, getDeviceTimeZone())
        saveFile(blob, fileName)
        return fileName
      },
    },
    queryClient,
  )
}
