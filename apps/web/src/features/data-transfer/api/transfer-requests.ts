import type { ApiError as ApiErrorBody, ImportProgress, ImportSummary } from '@kindling/core'
import { ApiError, apiRequest, fetchWithIdToken, getApiBaseUrl } from '../../../lib/api-client'
import { t } from '../../../lib/i18n'

/** The content types POST /api/import accepts; anything else is sent as plain bytes. */
const IMPORT_TYPES = ['application/zip', 'text/csv', 'application/json']

async function send(path: string, init: RequestInit): Promise<Response> {
  const response = await fetchWithIdToken(`${getApiBaseUrl()}/api/${path}`, init)
  if (!response.ok) throw await toApiError(response)
  return response
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>
    if (body.error) return new ApiError(response.status, body.error.code, body.error.message)
  } catch {
    // Not JSON: a generic error below.
  }
  if (response.status === 413) {
    return new ApiError(413, 'payload-too-large', t('The file is larger than 50 MB.'))
  }
  return new ApiError(response.status, 'http-error', response.statusText || t('Request failed'))
}

/**
 * Uploads a file to POST /api/import; the server tells the format from the content.
 * `progressId` names the upload for `readImportProgress`.
 */
export async function importFile(file: Blob, progressId: string): Promise<ImportSummary> {
  const type = IMPORT_TYPES.includes(file.type) ? file.type : 'application/octet-stream'
  const query = new URLSearchParams({ progressId })
  const response = await send(`import?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': type, Accept: 'application/json' },
    body: file,
  })
  return (await response.json()) as ImportSummary
}

/**
 * How far the upload `progressId` has come on the server; undefined while the server does not
 * know it (the file still on its way, or another server node runs the import).
 */
export async function readImportProgress(
  progressId: string,
  signal?: AbortSignal,
): Promise<ImportProgress | undefined> {
  try {
    return await apiRequest<ImportProgress>('import/progress', { query: { progressId }, signal })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined
    throw error
  }
}

export type ExportFormat = 'json' | 'csv'

/** GET /api/export as a file: its bytes and the name the server gives it. */
export async function exportData(
  format: ExportFormat,
  timeZone: string,
): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams({ format, ...(format === 'csv' ? { timeZone } : {}) })
  const response = await send(`export?${query}`, { method: 'GET' })
  const disposition = response.headers.get('content-disposition') ?? ''
  const fileName =
    /filename="([^"]+)"/.exec(disposition)?.[1] ??
    (format === 'json' ? 'kindling-backup.json' : 'kindling-events.csv')
  return { blob: await response.blob(), fileName }
}
