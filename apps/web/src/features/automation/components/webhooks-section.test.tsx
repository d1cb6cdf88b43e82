import type { Webhook } from '@kindling/core'
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../../../lib/query-client'
import { WebhooksSection } from './webhooks-section'

// Mantine renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

const apiRequest = vi.hoisted(() => vi.fn())
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client')>()),
  apiRequest,
}))

afterEach(() => {
  cleanup()
  apiRequest.mockReset()
  queryClient.clear()
})

const turnedOff: Webhook = {
  id: '0b5c1f9e-4d3a-4c1e-9d59-0d1e6f3a7b21',
  url: 'https://hooks.example.com/kindling',
  events: ['event.logged'],
  createdAt: '2026-11-01T08:00:00.000Z',
  disabledAt: '2026-11-27T08:00:00.000Z',
  failingSince: '2026-11-26T08:00:00.000Z',
}

describe('WebhooksSection', () => {
  it("says a webhook was turned off and turns it on with 'Turn on'", async () => {
    let held: Webhook[] = [turnedOff]
    apiRequest.mockImplementation(async (path: string, options?: { method?: string }) => {
      if (path === 'webhooks') return held
      if (path === `webhooks/${turnedOff.id}/enable` && options?.method === 'POST') {
        held = [{ ...turnedOff, disabledAt: null, failingSince: null }]
        return held[0]
      }
      throw new Error(`unexpected ${options?.method ?? 'GET'} ${path}`)
    })
    render(
      <MantineProvider env="test">
        <WebhooksSection />
      </MantineProvider>,
    )
    const list = await screen.findByRole('list', { name: 'Your webhooks' })
    expect(within(list).getByText(/^Turned off .* after failing for a day$/)).toBeInTheDocument()

    fireEvent.click(within(list).getByRole('button', { name: 'Turn on' }))

    await waitFor(() =>
      expect(within(list).queryByText(/after failing for a day/)).not.toBeInTheDocument(),
    )
    expect(within(list).queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument()
    expect(within(list).getByText(turnedOff.url)).toBeInTheDocument()
  })

  it('offers no way to turn on a webhook that is on', async () => {
    apiRequest.mockResolvedValue([{ ...turnedOff, disabledAt: null, failingSince: null }])
    render(
      <MantineProvider env="test">
        <WebhooksSection />
      </MantineProvider>,
    )
    const list = await screen.findByRole('list', { name: 'Your webhooks' })
    expect(within(list).getByText(turnedOff.url)).toBeInTheDocument()
    expect(within(list).queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument()
  })
})
