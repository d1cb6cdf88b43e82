import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { rowBudget, useRowLimit } from './use-row-limit'

const numbers = (count: number, from = 0) => Array.from({ length: count }, (_, i) => from + i)

describe('rowBudget', () => {
  it('hands out the limit in page order, then nothing', () => {
    const budget = rowBudget(5)
    expect(budget.take(numbers(3))).toEqual([0, 1, 2])
    expect(budget.spent).toBe(false)
    expect(budget.take(numbers(4, 10))).toEqual([10, 11])
    expect(budget.spent).toBe(true)
    expect(budget.take(numbers(2, 20))).toEqual([])
  })

  it('keeps every row when the limit is infinite', () => {
    const budget = rowBudget(Number.POSITIVE_INFINITY)
    const rows = numbers(500)
    expect(budget.take(rows)).toBe(rows)
    expect(budget.take(numbers(3))).toHaveLength(3)
    expect(budget.spent).toBe(false)
  })
})

function List({ ready, rows }: { ready: boolean; rows: number[] }) {
  const { take } = rowBudget(useRowLimit(ready, 4))
  if (!ready) return <p>Loading</p>
  return (
    <ul>
      {take(rows).map((row) => (
        <li key={row}>Row {row}</li>
      ))}
    </ul>
  )
}

describe('useRowLimit', () => {
  it('draws the first rows, then all of them once the data is there', async () => {
    const rows = numbers(40)
    const { rerender } = render(<List ready={false} rows={rows} />)
    expect(screen.getByText('Loading')).toBeTruthy()
    rerender(<List ready rows={rows} />)
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(40))
    expect(screen.getByText('Row 39')).toBeTruthy()
  })

  it('renders the first rows before all of them, and waits for the data to do so', () => {
    const limits: number[] = []
    function Probe({ ready }: { ready: boolean }) {
      limits.push(useRowLimit(ready, 4))
      return null
    }
    const { rerender } = render(<Probe ready={false} />)
    // Still loading: no transition yet, so the data's first render will be a short one.
    expect(new Set(limits)).toEqual(new Set([4]))
    limits.length = 0
    rerender(<Probe ready />)
    expect(limits[0]).toBe(4)
    expect(limits.at(-1)).toBe(Number.POSITIVE_INFINITY)
  })
})
