import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { SegmentedChoice } from './segmented-choice'

const DATA = [
  { value: 'all', label: 'All' },
  { value: 'daily', label: 'Daily' },
  { value: 'unscheduled', label: 'None' },
] as const

type Value = (typeof DATA)[number]['value']

function Filter({ chosen }: { chosen: Value[] }) {
  const [value, setValue] = useState<Value>('all')
  return (
    <SegmentedChoice
      label="Schedule filter"
      data={DATA}
      value={value}
      onChange={(next) => {
        chosen.push(next)
        setValue(next)
      }}
    />
  )
}

afterEach(cleanup)

describe('SegmentedChoice', () => {
  it('is a named radio group whose radios carry the labels, the value checked', () => {
    render(<Filter chosen={[]} />)
    const group = screen.getByRole('radiogroup', { name: 'Schedule filter' })
    const radios = screen.getAllByRole('radio')
    expect(radios.map((radio) => radio.closest('[role="radiogroup"]'))).toEqual(
      radios.map(() => group),
    )
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'None' })).not.toBeChecked()
  })

  it('chooses by a tap on the label and by the arrow keys', async () => {
    const chosen: Value[] = []
    render(<Filter chosen={chosen} />)
    await userEvent.click(screen.getByText('None'))
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked()
    expect(screen.getByText('None').parentElement).toHaveAttribute('data-active')
    expect(screen.getByText('All').parentElement).not.toHaveAttribute('data-active')
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Daily' })).toHaveFocus()
    expect(chosen).toEqual(['unscheduled', 'daily'])
  })

  it('keeps one Tab stop, on the chosen radio; Home and End choose the first and the last', async () => {
    const chosen: Value[] = []
    render(<Filter chosen={chosen} />)
    await userEvent.tab()
    expect(screen.getByRole('radio', { name: 'All' })).toHaveFocus()
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('radio', { name: 'None' })).toHaveFocus()
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked()
    await userEvent.keyboard('{Home}')
    expect(chosen).toEqual(['unscheduled', 'all'])
    expect(screen.getAllByRole('radio').map((radio) => radio.tabIndex)).toEqual([0, -1, -1])
  })

  it('moves by the arrow keys as the text runs when it runs right to left', async () => {
    render(
      <div dir="rtl" style={{ direction: 'rtl' }}>
        <Filter chosen={[]} />
      </div>,
    )
    await userEvent.click(screen.getByText('Daily'))
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked()
  })

  it("names its radios by their text, not by labels: a form's field found by its label has no second match", () => {
    render(<Filter chosen={[]} />)
    expect(screen.queryByLabelText('None')).toBeNull()
    expect(screen.queryByLabelText('Daily')).toBeNull()
    expect(screen.getByLabelText('Schedule filter')).toHaveAttribute('role', 'radiogroup')
  })
})
