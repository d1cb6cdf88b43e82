import { describe, expect, it } from 'vitest'
import { openWebActionSheet, openWebConfirm } from './web-dialogs'

const pressEscape = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))

// No host is mounted here: as on a first use while the layout is still fetching Mantine's modals.
describe('web dialogs asked for before their host is there', () => {
  it('a confirm answered by Escape meanwhile is a no, and never opens', async () => {
    const answer = openWebConfirm('Delete it?', { confirmLabel: 'Delete', cancelLabel: 'Cancel' })
    pressEscape()
    await expect(answer).resolves.toBe(false)
  })

  it('an action sheet answered by Escape meanwhile is dismissed', async () => {
    const answer = openWebActionSheet('Group', [{ title: 'Edit Group' }])
    pressEscape()
    await expect(answer).resolves.toBeNull()
  })
})
