import 'fake-indexeddb/auto'
import { MantineProvider } from '@mantine/core'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { BrowserRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { destroyLocalCopy, startSync } from '../../../lib/sync/store'
import { NO_CHANGES } from '../../../lib/sync/test-fixtures'
import { ActivityList } from './activity-list'

// Mantine renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

/** Each habit's badge drawn (in its row and in Streaks) by name, and each group menu by id. */
const drawn = vi.hoisted(() => ({ badges: [] as string[], groupMenus: [] as string[] }))

vi.mock(import('../../../components/activity-badge'), async (importOriginal) => {
  const original = await importOriginal()
  return {
    ...original,
    ActivityBadge: (props: Parameters<typeof original.ActivityBadge>[0]) => {
      drawn.badges.push(props.activity.name)
      return original.ActivityBadge(props)
    },
  }
})

vi.mock(import('./group-menu'), async (importOriginal) => {
  const original = await importOriginal()
  return {
    ...original,
    GroupMenu: (props: Parameters<typeof original.GroupMenu>[0]) => {
      drawn.groupMenus.push(props.group.id)
      return original.GroupMenu(props)
    },
  }
})

afterEach(async () => {
  cleanup()
  await destroyLocalCopy()
  vi.restoreAllMocks()
})

/**
 * A server that stores every record it is sent, as it was sent, and has nothing else to tell: the
 * device's copy then holds each change as the server's record, sent and no longer waiting.
 */
function acceptingServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    if (init?.method !== 'POST') return Response.json(NO_CHANGES)
    const body = JSON.parse(String(init.body)) as Record<string, unknown>
    const stamps = { author: 'u', createdAt: new Date().toISOString(), deletedAt: null }
    return Response.json({ attributes: [], ...body, ...stamps, updatedAt: null }, { status: 201 })
  })
}

const daily = { name: '', description: '', color: '#fd7e14', schedule: { type: 'Daily' } }

/** An event of `activityId` `daysAgo` days before now. */
function eventBody(activityId: string, daysAgo: number) {
  return {
    activityId,
    eventDate: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    attributes: {},
  }
}

describe('ActivityList', () => {
  it('draws again, for a new event, only the habit it is for: not the other habits, their streaks or the group headers', async () => {
    acceptingServer()
    const engine = startSync(`u-${Math.random()}`, () => {})
    await waitFor(() => expect(engine.status.synced).toBe(true))
    for (const [id, name] of [
      ['run', 'Run'],
      ['read', 'Read'],
      ['swim', 'Swim'],
    ] as const) {
      await engine.write({ op: 'create', table: 'activities', id, body: { ...daily, name } })
    }
    await engine.write({
      op: 'create',
      table: 'groups',
      id: 'mornings',
      body: { name: 'Mornings', description: '', activities: ['run', 'read'] },
    })
    // Run and Read have a streak (yesterday done), so Streaks lists them too.
    for (const [id, activityId] of [
      ['e1', 'run'],
      ['e2', 'read'],
    ] as const) {
      await engine.write({ op: 'create', table: 'events', id, body: eventBody(activityId, 1) })
    }

    render(
      <MantineProvider>
        <BrowserRouter>
          <ActivityList />
        </BrowserRouter>
      </MantineProvider>,
    )
    await engine.settled()
    await screen.findByRole('listitem', { name: 'Swim' })
    // Each streak shows twice: in its habit's row and in Streaks.
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: 'Streak 1 day' })).toHaveLength(4),
    )
    expect(drawn.groupMenus).toContain('mornings')
    // Whatever the first drawing left to do (the rows after the first screen) done.
    await act(() => engine.settled())

    drawn.badges.length = 0
    drawn.groupMenus.length = 0
    await engine.write({ op: 'create', table: 'events', id: 'e3', body: eventBody('swim', 1) })

    // Swim now has a streak of its own, in its row and in Streaks.
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: 'Streak 1 day' })).toHaveLength(6),
    )
    expect(drawn.badges).toContain('Swim')
    expect(drawn.badges).not.toContain('Run')
    expect(drawn.badges).not.toContain('Read')
    expect(drawn.groupMenus).toEqual([])
  })
})
