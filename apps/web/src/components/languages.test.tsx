import { MantineProvider } from '@mantine/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '../lib/i18n'
import { ErrorFallback } from './error-boundary'
import { FormActions } from './form-actions'
import { WeekdayCheckboxes } from './weekday-checkboxes'

afterEach(async () => {
  cleanup()
  await activateLanguage('en')
})

function renderShared() {
  render(
    <MantineProvider>
      <FormActions onCancel={() => {}} saving={false} />
      <WeekdayCheckboxes value={[1]} onChange={() => {}} />
      <ErrorFallback onRetry={() => {}} />
    </MantineProvider>,
  )
}

describe('shared components in the user’s language', () => {
  it('speak German, the days Monday first, and switch back to English without a reload', async () => {
    await activateLanguage('de')
    renderShared()
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeInTheDocument()
    expect(screen.getByText('Tage')).toBeInTheDocument()
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
      'Sonntag',
    ])
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
    await act(() => activateLanguage('en'))
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeInTheDocument()
    expect(screen.getByText('Uh oh. Failed to render the component.')).toBeInTheDocument()
  })

  it('speak Arabic', async () => {
    await activateLanguage('ar')
    renderShared()
    expect(screen.getByRole('button', { name: 'حفظ' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'الاثنين' })).toBeInTheDocument()
  })
})
