import type { Activity, Goal, GoalSection as GoalSectionData } from '@kindling/core'
import { measurePeriod, ONE_EVENT } from '@kindling/core'
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '../../../lib/i18n'
import { GoalSection } from './goal-section'

// Mantine renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})

const stamp = { author: 'u1', createdAt: '2026-01-01T00:00:00.000Z', deletedAt: null }
const stretch = {
  ...stamp,
  id: 'a1',
  name: 'Stretch',
  description: '',
  color: '#40c057',
  attributes: [],
  updatedAt: null,
  visibility: 'private',
  schedule: { type: 'Daily' },
  archived: false,
  position: null,
} as Activity
const goal = { ...stamp, id: 'g1', activityId: 'a1', cadence: 'Daily' } as Goal

function renderSection(section: GoalSectionData<Goal, Activity>, forceExpand = false) {
  render(
    <MantineProvider env="test">
      <GoalSection
        section={section}
        onToggle={() => {}}
        onEdit={() => {}}
        onAdd={() => {}}
        forceExpand={forceExpand}
      />
    </MantineProvider>,
  )
}

describe('GoalSection', () => {
  it('is headed by a heading that holds its toggle, and counts its goals in words', () => {
    renderSection({
      cadence: 'Daily',
      title: 'Today',
      items: [
        {
          goal,
          activity: stretch,
          done: false,
          progress: measurePeriod(undefined, ONE_EVENT, 0, 0),
          onBreak: false,
        },
      ],
      goalCount: 1,
      emptyState: null,
    })
    const heading = screen.getByRole('heading', { level: 2, name: 'Today 1 goal' })
    const toggle = within(heading).getByRole('button', { name: 'Today 1 goal' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    fireEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(window.localStorage.getItem('goalsDailyCollapsed')).toContain('true')
  })

  it('always open (home), it is a plain heading', () => {
    renderSection(
      { cadence: 'Weekly', title: 'This Week', items: [], goalCount: 0, emptyState: 'noGoals' },
      true,
    )
    const heading = screen.getByRole('heading', { level: 2, name: 'This Week' })
    expect(within(heading).queryByRole('button')).toBeNull()
    expect(
      screen.getByRole('button', { name: 'Every journey starts with a single step' }),
    ).toBeInTheDocument()
  })

  it('speaks the active language: Arabic counts two goals in its dual, Japanese cheers', async () => {
    await activateLanguage('ar')
    const item = {
      goal,
      activity: stretch,
      done: false,
      progress: measurePeriod(undefined, ONE_EVENT, 0, 0),
      onBreak: false,
    }
    renderSection({
      cadence: 'Daily',
      title: 'Today',
      items: [item, { ...item, goal: { ...goal, id: 'g2' } }],
      goalCount: 2,
      emptyState: null,
    })
    expect(screen.getByRole('heading', { level: 2, name: 'اليوم هدفان' })).toBeInTheDocument()
    cleanup()
    await activateLanguage('ja')
    renderSection(
      { cadence: 'Monthly', title: 'This Month', items: [], goalCount: 1, emptyState: 'allDone' },
      true,
    )
    expect(screen.getByText('今月の目標をすべて達成しました！')).toBeInTheDocument()
    await activateLanguage('en')
  })
})
