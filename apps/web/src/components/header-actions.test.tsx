import { MantineProvider } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HeaderActionButton } from './header-actions'

afterEach(cleanup)

describe('HeaderActionButton', () => {
  it('is a button named by its title, not by a label a form field could share', async () => {
    const onClick = vi.fn()
    render(
      <MantineProvider>
        <HeaderActionButton label="Add activity" icon={IconPlus} onClick={onClick} />
        <label>
          Activity
          <input />
        </label>
      </MantineProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Add activity' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    // The dialog's field is the only match for its label, as a user's tools find it.
    expect(screen.getAllByLabelText('Activity', { exact: false })).toHaveLength(1)
  })
})
