import type { Break } from '@kindling/core'
import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '../lib/i18n'
import { BreakList } from './break-list'

afterEach(async () => {
  cleanup()
  await activateLanguage('en')
})

const brk = (from: string, to: string): Break =>
  ({ id: `${from}-${to}`, activityId: null, from, to, note: '' }) as unknown as Break

function draw() {
  render(
    <MantineProvider env="test">
      <BreakList
        label="Breaks"
        breaks={[brk('2026-12-24', '2027-01-02'), brk('2027-02-01', '2027-02-01')]}
        onRemove={() => {}}
      />
    </MantineProvider>,
  )
}

describe('BreakList', () => {
  it('shows the days as SPEC writes them in English', () => {
    draw()
    expect(screen.getByText('2026-12-24 to 2027-01-02')).toBeVisible()
    expect(screen.getByText('2027-02-01')).toBeVisible()
  })

  it('shows the days as the language writes dates', async () => {
    await activateLanguage('de')
    draw()
    expect(screen.getByText('24.12.2026 bis 02.01.2027')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Pause 01.02.2027 entfernen' })).toBeVisible()
  })
})
