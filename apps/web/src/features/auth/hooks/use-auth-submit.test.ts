import { act, renderHook } from '@testing-library/react'
import type { FormEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AuthError } from '../api/auth-errors'
import { useAuthSubmit } from './use-auth-submit'

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent

describe('useAuthSubmit', () => {
  it("shows a failure's message until the next try, and keeps what was thrown", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const wrongPassword = new AuthError('wrong-password', 'Wrong password. Try again.')
    const action = vi.fn().mockRejectedValueOnce(wrongPassword).mockResolvedValueOnce(undefined)
    const { result } = renderHook(() => useAuthSubmit(action))
    expect(result.current.error).toBeNull()

    const event = submitEvent()
    await act(() => result.current.handleSubmit(event))
    expect(event.preventDefault).toHaveBeenCalled()
    expect(result.current.error).toBe('Wrong password. Try again.')
    expect(result.current.caught).toBe(wrongPassword)
    expect(result.current.submitting).toBe(false)

    await act(() => result.current.handleSubmit(submitEvent()))
    expect(action).toHaveBeenCalledTimes(2)
    expect(result.current.error).toBeNull()
    expect(result.current.caught).toBeUndefined()
  })
})
