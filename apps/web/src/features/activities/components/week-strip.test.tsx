import { type DayTotals, getWeekStrip } from '@kindling/core'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '../../../lib/i18n'
import { WeekStrip } from './week-strip'

// Wednesday 2026-11-25 in Berlin: the week runs from Monday the 23rd to Sunday the 29th.
const DAYS = getWeekStrip('2026-11-25T09:00:00Z', 'Europe/Berlin')

function renderStrip(
  picked: [string, boolean][],
  totals: DayTotals = { firstDay: '2026-11-24', counts: [2] },
) {
  render(
    <WeekStrip
      activityName="Run"
      schedule={{ type: 'Weekly', days: [1, 3] }}
      days={DAYS}
      totals={totals}
      onPickDay={(day, hasEvents) => picked.push([day, hasEvents])}
    />,
  )
  return screen.getByRole('group', { name: 'This week for Run' })
}

afterEach(cleanup)

describe('WeekStrip', () => {
  it('names each day as a button, Monday first; a day with events is marked, today is current', () => {
    const strip = renderStrip([])
    const buttons = within(strip).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual(['M', 'T', 'W', 'T', 'F', 'S', 'S'])
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Run on 2026-11-23',
      'Run on 2026-11-24, has events',
      'Run on 2026-11-25, today',
      'Run on 2026-11-26',
      'Run on 2026-11-27',
      'Run on 2026-11-28',
      'Run on 2026-11-29',
    ])
    expect(screen.getByRole('button', { name: 'Run on 2026-11-24, has events' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Run on 2026-11-25, today' })).toHaveAttribute(
      'aria-current',
      'date',
    )
    expect(buttons.filter((button) => button.hasAttribute('aria-current'))).toHaveLength(1)
    // The schedule's days (Monday, Wednesday) are marked as planned, for their dashed ring.
    expect(
      buttons.filter((button) => button.hasAttribute('data-due')).map((b) => b.textContent),
    ).toEqual(['M', 'W'])
  })

  it('picks any day by a tap and by the keyboard, saying whether it has events', async () => {
    const picked: [string, boolean][] = []
    renderStrip(picked)
    await userEvent.click(screen.getByRole('button', { name: 'Run on 2026-11-24, has events' }))
    await userEvent.click(screen.getByRole('button', { name: 'Run on 2026-11-23' }))
    // Tab goes from Monday to Tuesday, which has events: it can be put right too (issue 51).
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Run on 2026-11-24, has events' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(picked).toEqual([
      ['2026-11-24', true],
      ['2026-11-23', false],
      ['2026-11-24', true],
    ])
  })

  it('marks a skipped day (a break day) as such, still open for its menu', async () => {
    const picked: [string, boolean][] = []
    const friday = Date.parse('2026-11-27') / 86_400_000
    renderStrip(picked, { firstDay: '2026-11-24', counts: [2], breaks: [[friday, friday]] })
    const skipped = screen.getByRole('button', { name: 'Run on 2026-11-27, skipped' })
    expect(skipped).toHaveAttribute('data-skipped')
    expect(skipped).toHaveAttribute('aria-haspopup', 'menu')
    await userEvent.click(skipped)
    expect(picked).toEqual([['2026-11-27', false]])
  })
})

describe('WeekStrip in another language', () => {
  afterEach(() => activateLanguage('en'))

  const draw = () => {
    render(
      <WeekStrip
        activityName="Run"
        schedule={{ type: 'Daily' }}
        days={DAYS}
        totals={{ firstDay: '2026-11-24', counts: [2] }}
        onPickDay={() => {}}
      />,
    )
    return screen.getByRole('group')
  }

  it('names the days in German and in Arabic, with their own dates', async () => {
    await activateLanguage('de')
    const german = draw()
    expect(german).toHaveAccessibleName('Diese Woche für Run')
    const labels = within(german)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'))
    expect(labels[1]).toBe('Run am 24.11.2026, hat Einträge')
    expect(labels[2]).toBe('Run am 25.11.2026, heute')
    cleanup()
    await activateLanguage('ar')
    expect(draw()).toHaveAccessibleName('هذا الأسبوع لـRun')
  })
})
