import { MantineProvider, TextInput } from '@mantine/core'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FormProps } from '../lib/form-opener'
import { msg } from '../lib/i18n'
import { FormModal } from './form-modal'
import type { FormEntry } from './forms'
import { theme } from './theme'

// Mantine renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

afterEach(cleanup)

function NameForm(_props: FormProps) {
  return <TextInput label="Name" data-autofocus />
}

describe('FormModal', () => {
  it("focuses the form's first field once its code has loaded, not the close button", async () => {
    let loaded: (module: { default: typeof NameForm }) => void = () => {}
    const entry: FormEntry = {
      title: msg('Add Activity'),
      load: () =>
        new Promise((resolve) => {
          loaded = resolve
        }),
    }
    render(
      <MantineProvider theme={theme} env="test">
        <FormModal modal={{ entry, search: new URLSearchParams(), key: 1 }} onClose={() => {}} />
      </MantineProvider>,
    )
    // While the form's code loads, the close button is all the dialog can focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus())

    await act(async () => loaded({ default: NameForm }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus())
  })
})
