import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import {
  act,
  cleanup,
  render,
  screen,
  waitFor,
  waitForElementToBeRemoved,
} from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SyncStatus as Status } from '../lib/sync/engine'
import { SyncStatus } from './sync-status'

let status: Status
/** The sign's subscription to the status, and how often it read it (each of its drawings). */
const store = vi.hoisted(() => ({ listeners: new Set<() => void>(), reads: 0 }))
vi.mock('../lib/sync/store', async () => {
  const { useSyncExternalStore } = await import('react')
  const useSyncState = <T,>(select: (engine: { status: Status }) => T): T => {
    store.reads += 1
    return useSyncExternalStore(
      (listener) => {
        store.listeners.add(listener)
        return () => store.listeners.delete(listener)
      },
      () => select({ status }),
    )
  }
  return {
    useSyncState,
    useSyncStatus: <T,>(select?: (status: Status) => T) =>
      useSyncState((engine) => (select ? select(engine.status) : engine.status)),
  }
})

/** The status changed: its subscribers are told, as the store tells them. */
function tell() {
  for (const listener of store.listeners) listener()
}

/** The sign with `patch`'s status, once its code (loaded when it first shows) has drawn it. */
async function renderSign(patch: Partial<Status>) {
  status = {
    loaded: true,
    synced: true,
    online: true,
    pending: 0,
    syncing: false,
    serverFailing: false,
    ...patch,
  }
  const view = render(<Sign />)
  const sign = screen.getByRole('status')
  const visible = status.loaded && (!status.online || status.pending > 0)
  // The sign's code is a module of its own: its first import can take a while on a loaded machine.
  if (visible) await waitFor(() => expect(sign).not.toBeEmptyDOMElement(), { timeout: 10_000 })
  return Object.assign(sign, { rerender: () => view.rerender(<Sign />) })
}

function Sign() {
  return (
    <MantineProvider>
      <Notifications />
      <SyncStatus />
    </MantineProvider>
  )
}

afterEach(cleanup)

describe('SyncStatus', () => {
  it('says changes wait for the server, and that Kindling keeps trying, while it keeps failing', async () => {
    const sign = await renderSign({ pending: 3, serverFailing: true })
    const sentence =
      '3 changes are waiting to be sent: the server answered with an error, and Kindling keeps trying.'
    expect(sign).toHaveTextContent(sentence)
    expect(sign).toHaveTextContent('Server error · 3')
    expect(sign.querySelector('[title]')).toHaveAttribute('title', sentence)
  })

  it('tells a phone user too, in a notice that goes once the changes are sent', async () => {
    await renderSign({ pending: 2, serverFailing: true })
    const notice = await screen.findByText('Changes not sent yet')
    expect(notice.closest('[role="alert"]')).toHaveTextContent(
      'The server answered with an error. Your changes are kept on this device, and Kindling keeps trying.',
    )
    status = { ...status, pending: 0, serverFailing: false }
    act(tell)
    await waitForElementToBeRemoved(() => screen.queryByText('Changes not sent yet'))
  })

  it('counts one change in the singular', async () => {
    expect(await renderSign({ pending: 1, serverFailing: true })).toHaveTextContent(
      '1 change is waiting to be sent: the server answered with an error, and Kindling keeps trying.',
    )
  })

  it('says offline when offline, and nothing of the server', async () => {
    const sign = await renderSign({ online: false, pending: 2, serverFailing: true })
    expect(sign).toHaveTextContent('Offline: 2 changes waiting to be sent')
    expect(sign).not.toHaveTextContent('server')
  })

  it('shows a change being sent without blaming the server, and nothing once all is sent', async () => {
    expect(await renderSign({ pending: 1 })).toHaveTextContent(
      'Sending: 1 change waiting to be sent',
    )
    cleanup()
    expect(await renderSign({ serverFailing: true })).toBeEmptyDOMElement()
  })

  it('is not drawn again when the header is, only when the status changes', async () => {
    const sign = await renderSign({ pending: 1 })
    const reads = store.reads
    act(() => sign.rerender())
    expect(store.reads).toBe(reads)
    status = { ...status, pending: 2 }
    act(tell)
    expect(sign).toHaveTextContent('Sending: 2 changes waiting to be sent')
  })
})
