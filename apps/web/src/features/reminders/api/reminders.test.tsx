import type { UserSettings } from '@kindling/core'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../../../lib/query-client'
import { useUpdateUserSettings } from './reminders'

const apiRequest = vi.hoisted(() => vi.fn())
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client')>()),
  apiRequest,
}))

const stored: UserSettings = {
  timeZone: 'Europe/Berlin',
  emailReminders: false,
  remindersPausedUntil: null,
  language: null,
}

afterEach(() => {
  cleanup()
  apiRequest.mockReset()
  queryClient.clear()
})

/** A PUT whose answer the test gives when it likes: what the server holds after it. */
function heldAnswers() {
  const answers: Array<(settings: UserSettings) => void> = []
  apiRequest.mockImplementation(() => new Promise<UserSettings>((resolve) => answers.push(resolve)))
  return answers
}

describe('useUpdateUserSettings', () => {
  it('keeps both of two changes sent in a row, whichever answer comes last', async () => {
    queryClient.setQueryData(['settings'], stored)
    const answers = heldAnswers()
    const { result } = renderHook(() => useUpdateUserSettings())
    act(() => result.current.mutate({ emailReminders: true }))
    await waitFor(() => expect(answers).toHaveLength(1))
    act(() => result.current.mutate({ remindersPausedUntil: '2026-12-05' }))
    await waitFor(() => expect(answers).toHaveLength(2))
    const both = { ...stored, emailReminders: true, remindersPausedUntil: '2026-12-05' }
    expect(queryClient.getQueryData(['settings'])).toEqual(both)

    // The server answered the e-mail change before it had the pause.
    act(() => answers[0]?.({ ...stored, emailReminders: true }))
    await waitFor(() => expect(result.current.isPending).toBe(true))
    expect(queryClient.getQueryData(['settings'])).toEqual(both)
    act(() => answers[1]?.(both))
    await waitFor(() => expect(queryClient.isMutating()).toBe(0))
    expect(queryClient.getQueryData(['settings'])).toEqual(both)
  })

  it('takes back only the change that failed', async () => {
    queryClient.setQueryData(['settings'], stored)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail: (error: Error) => void = () => {}
    apiRequest
      .mockImplementationOnce(
        () =>
          new Promise((_, reject) => {
            fail = reject
          }),
      )
      .mockImplementationOnce(async () => ({ ...stored, remindersPausedUntil: '2026-12-05' }))
    const { result } = renderHook(() => useUpdateUserSettings())
    act(() => result.current.mutate({ emailReminders: true }))
    act(() => result.current.mutate({ remindersPausedUntil: '2026-12-05' }))
    await waitFor(() =>
      expect(queryClient.getQueryData<UserSettings>(['settings'])?.remindersPausedUntil).toBe(
        '2026-12-05',
      ),
    )
    act(() => fail(new Error('offline')))
    await waitFor(() => expect(queryClient.isMutating()).toBe(0))
    expect(queryClient.getQueryData(['settings'])).toEqual({
      ...stored,
      remindersPausedUntil: '2026-12-05',
    })
  })
})
