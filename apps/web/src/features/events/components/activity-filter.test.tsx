import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import ActivityFilter from './activity-filter'
import { LazyActivityFilter } from './lazy-activity-filter'

const DATA = [
  { value: 'all', label: 'All Activities' },
  { value: 'a1', label: 'Read' },
]

afterEach(cleanup)

/** The Add Event dialog's field, as it stands beside History's filter on a wide screen. */
function ActivityField() {
  return (
    <label>
      Activity
      <input />
    </label>
  )
}

describe("History's activity filter", () => {
  it('is named Filter by habit, and an Activity field found by its label is found alone', () => {
    render(
      <MantineProvider>
        <ActivityFilter data={DATA} value="all" onChange={() => {}} width={220} />
        <ActivityField />
      </MantineProvider>,
    )
    expect(screen.getByRole('combobox', { name: 'Filter by habit' })).toHaveValue('All Activities')
    expect(screen.getAllByLabelText('Activity', { exact: false })).toHaveLength(1)
  })

  it('so is its stand-in while the select loads', () => {
    render(
      <MantineProvider>
        <LazyActivityFilter data={DATA} value="a1" onChange={() => {}} ready={false} />
        <ActivityField />
      </MantineProvider>,
    )
    expect(screen.getByRole('button', { name: 'Filter by habit' })).toHaveTextContent('Read')
    expect(screen.getAllByLabelText('Activity', { exact: false })).toHaveLength(1)
  })
})
