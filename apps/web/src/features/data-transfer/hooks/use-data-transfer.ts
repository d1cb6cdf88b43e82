import { useMutation } from '@tanstack/react-query'
import { queryClient } from '../../../lib/query-client'
import { flushOutbox, getSyncEngine } from '../../../lib/sync/store'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { type ExportFormat, exportData, importFile } from '../api/transfer-requests'

/**
 * Imports a file. Anything may have changed: the device's copy pulls the new records at once
 * and the reads outside the copy are refetched.
 */
export function useImportFile() {
  return useMutation(
    {
      mutationFn: (file: File) => importFile(file),
      onSuccess: () => {
        getSyncEngine()?.kick()
        return queryClient.invalidateQueries()
      },
    },
    queryClient,
  )
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
