import type { Activity } from '@kindling/core'
import { MantineProvider } from '@mantine/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScheduleItemRow } from './schedule-item-row'

afterEach(cleanup)

const water = {
  id: 'water',
  name: 'Water',
  color: '#228be6',
  schedule: { type: 'Daily' },
} as unknown as Activity

/** The row of a habit with a daily target, at `count` of `target` today. */
function row(count: number, target: number, onToggle: () => Promise<void>) {
  return (
    <MantineProvider>
      <ScheduleItemRow
        activity={water}
        done={count >= target}
        metByOneMore={count + 1 >= target}
        progress={`${count} / ${target}`}
        over={false}
        cadence="Daily"
        onToggle={onToggle}
      />
    </MantineProvider>
  )
}

describe('ScheduleItemRow', () => {
  it('shows done from the tap on when the tap meets the target, until its event is stored', async () => {
    let settle: () => void = () => {}
    const onToggle = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)))
    const view = render(row(2, 3, onToggle))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Water' }))
    expect(screen.getByRole('checkbox', { name: /Water/ })).toBeChecked()
    view.rerender(row(3, 3, onToggle))
    await act(async () => settle())
    expect(screen.getByRole('checkbox', { name: /Water/ })).toBeChecked()
  })

  it('never shows done for a tap that leaves the target short, also once its event is stored', async () => {
    let settle: () => void = () => {}
    const onToggle = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)))
    const view = render(row(1, 3, onToggle))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Water' }))
    expect(screen.getByRole('checkbox', { name: 'Water' })).not.toBeChecked()
    // The event is stored (2 of 3: one more would meet it) before the write settles.
    view.rerender(row(2, 3, onToggle))
    expect(screen.getByRole('checkbox', { name: 'Water' })).not.toBeChecked()
    await act(async () => settle())
    expect(screen.getByRole('checkbox', { name: 'Water' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Water' })).toBeEnabled()
  })
})
