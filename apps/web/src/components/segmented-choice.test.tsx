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
})
