import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDeviceTimeZone } from './time-zone'

/** Makes the browser report `zone` as its time zone; answers the spy to count reads. */
function deviceZone(zone: string | undefined) {
  return vi
    .spyOn(Intl, 'DateTimeFormat')
    .mockImplementation(
      () => ({ resolvedOptions: () => ({ timeZone: zone }) }) as unknown as Intl.DateTimeFormat,
    )
}

describe('getDeviceTimeZone', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('reads the zone once for the calls of one moment, and sees a change a second later', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T08:00:00Z'))
    const reads = deviceZone('Europe/Berlin')
    expect(getDeviceTimeZone()).toBe('Europe/Berlin')
    const readsOfFirstCall = reads.mock.calls.length
    for (let call = 0; call < 50; call++) expect(getDeviceTimeZone()).toBe('Europe/Berlin')
    expect(reads.mock.calls.length).toBe(readsOfFirstCall)

    // The traveller lands: within a second the app follows.
    reads.mockRestore()
    deviceZone('Asia/Tokyo')
    vi.setSystemTime(new Date('2026-11-26T08:00:01Z'))
    expect(getDeviceTimeZone()).toBe('Asia/Tokyo')
  })

  it('falls back to America/Phoenix when the browser does not say', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'))
    deviceZone(undefined)
    expect(getDeviceTimeZone()).toBe('America/Phoenix')
  })
})
