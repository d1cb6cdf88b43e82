import { MantineProvider } from '@mantine/core'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/*
 * The native shells' bridges faked on the window, as the iOS and Android shells inject them, for
 * the platform the test chooses; each plugin is a set of spies. The web fallbacks run for real
 * (Mantine).
 */
const fake = vi.hoisted(() => ({
  platform: 'web' as string,
  keyboardListeners: new Map<string, () => void>(),
  preferences: new Map<string, string>(),
}))

Object.defineProperty(window, 'androidBridge', {
  configurable: true,
  get: () => (fake.platform === 'android' ? { postMessage: () => {} } : undefined),
})
Object.defineProperty(window, 'webkit', {
  configurable: true,
  get: () =>
    fake.platform === 'ios'
      ? { messageHandlers: { bridge: { postMessage: () => {} } } }
      : undefined,
})

vi.mock('@capacitor/app', () => ({
  App: {
    getInfo: vi.fn(async () => ({
      name: 'Kindling',
      id: 'app.kindling',
      version: '1.2.3',
      build: '45',
    })),
  },
}))

vi.mock('@capacitor/dialog', () => ({
  Dialog: { confirm: vi.fn(async () => ({ value: true })) },
}))

vi.mock('@capacitor/action-sheet', () => ({
  ActionSheetButtonStyle: { Default: 'DEFAULT', Destructive: 'DESTRUCTIVE', Cancel: 'CANCEL' },
  ActionSheet: { showActions: vi.fn(async () => ({ index: 1 })) },
}))

vi.mock('@capacitor/keyboard', () => ({
  Keyboard: {
    addListener: vi.fn(async (eventName: string, listener: () => void) => {
      fake.keyboardListeners.set(eventName, listener)
      return { remove: vi.fn(async () => fake.keyboardListeners.delete(eventName)) }
    }),
  },
}))

vi.mock('@capacitor/preferences', () => ({
  Preferences: {
    get: vi.fn(async ({ key }: { key: string }) => ({ value: fake.preferences.get(key) ?? null })),
    set: vi.fn(async ({ key, value }: { key: string; value: string }) => {
      fake.preferences.set(key, value)
    }),
    remove: vi.fn(async ({ key }: { key: string }) => {
      fake.preferences.delete(key)
    }),
  },
}))

import { ActionSheet } from '@capacitor/action-sheet'
import { App } from '@capacitor/app'
import { Dialog } from '@capacitor/dialog'
import { Keyboard } from '@capacitor/keyboard'
import { Preferences } from '@capacitor/preferences'
import { useDialogHostWanted, useDialogOpen } from './dialog-state'
import { activateLanguage } from './i18n'
import {
  clearSecureCache,
  getPlatform,
  isNativePlatform,
  listenToKeyboard,
  readSecureItem,
  removeSecureItem,
  writeSecureItem,
} from './platform'
import { confirm, confirmOnNative, getAppInfo, showActionSheet } from './platform-actions'
import { WebDialogHost } from './web-dialogs'

/** Mounts the web dialogs' host once a dialog asks for it, as the app's layout does. */
function DialogHost() {
  return useDialogHostWanted() ? <WebDialogHost /> : null
}

function renderModals() {
  render(
    <MantineProvider>
      <DialogHost />
    </MantineProvider>,
  )
}

/** Lets the plugin's dynamic import and its promise settle. */
async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve()
  await new Promise((resolve) => setTimeout(resolve, 0))
}

beforeEach(() => {
  fake.platform = 'web'
  fake.keyboardListeners.clear()
  fake.preferences.clear()
  clearSecureCache()
  localStorage.clear()
  vi.clearAllMocks()
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('platform', () => {
  it("reports the shell's platform from its bridge, anything else as web", () => {
    fake.platform = 'ios'
    expect(getPlatform()).toBe('ios')
    expect(isNativePlatform()).toBe(true)
    fake.platform = 'android'
    expect(getPlatform()).toBe('android')
    fake.platform = 'electron'
    expect(getPlatform()).toBe('web')
    fake.platform = 'web'
    expect(isNativePlatform()).toBe(false)
  })
})

describe('getAppInfo', () => {
  it('reads version and build from the App plugin on native', async () => {
    fake.platform = 'android'
    await expect(getAppInfo()).resolves.toEqual({ name: 'Kindling', version: '1.2.3', build: '45' })
  })

  it('is null on the web, without calling the plugin', async () => {
    await expect(getAppInfo()).resolves.toBeNull()
    expect(App.getInfo).not.toHaveBeenCalled()
  })

  it('is null when the plugin fails, and logs why', async () => {
    fake.platform = 'ios'
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.mocked(App.getInfo).mockRejectedValueOnce(new Error('not implemented'))
    await expect(getAppInfo()).resolves.toBeNull()
    expect(error).toHaveBeenCalled()
  })
})

describe('confirm', () => {
  it('asks the native dialog with the message and the button labels', async () => {
    fake.platform = 'ios'
    vi.mocked(Dialog.confirm).mockResolvedValueOnce({ value: true })
    await expect(
      confirm('Are you sure you want to delete this group?', {
        title: 'Delete Morning',
        confirmLabel: 'Delete',
      }),
    ).resolves.toBe(true)
    expect(Dialog.confirm).toHaveBeenCalledWith({
      title: 'Delete Morning',
      message: 'Are you sure you want to delete this group?',
      okButtonTitle: 'Delete',
      cancelButtonTitle: 'Cancel',
    })
  })

  it('names the default buttons in the active language', async () => {
    fake.platform = 'ios'
    vi.mocked(Dialog.confirm).mockResolvedValueOnce({ value: true })
    await activateLanguage('es')
    try {
      await confirm('¿Seguro que quieres cerrar sesión?')
    } finally {
      await activateLanguage('en')
    }
    expect(Dialog.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ okButtonTitle: 'Aceptar', cancelButtonTitle: 'Cancelar' }),
    )
  })

  it('aborts when the native dialog is cancelled', async () => {
    fake.platform = 'android'
    vi.mocked(Dialog.confirm).mockResolvedValueOnce({ value: false })
    await expect(confirm('Are you sure you want to sign out?')).resolves.toBe(false)
  })

  it('falls back to a Mantine confirm modal on the web: confirm resolves true', async () => {
    renderModals()
    let answer: Promise<boolean> = Promise.resolve(false)
    act(() => {
      answer = confirm('Are you sure you want to delete this activity?', {
        title: 'Delete Run',
        confirmLabel: 'Delete',
      })
    })
    expect(
      await screen.findByText('Are you sure you want to delete this activity?'),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await expect(answer).resolves.toBe(true)
    expect(Dialog.confirm).not.toHaveBeenCalled()
  })

  it('on the web, Cancel resolves false', async () => {
    renderModals()
    let answer: Promise<boolean> = Promise.resolve(true)
    act(() => {
      answer = confirm('Are you sure you want to delete this group?')
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await expect(answer).resolves.toBe(false)
  })

  it('on the web, a question asked twice at once (a double click) shows one dialog; its Cancel leaves none', async () => {
    renderModals()
    const ask = () =>
      confirm('Are you sure you want to delete this activity?', {
        title: 'Delete Run',
        confirmLabel: 'Delete',
      })
    let first: Promise<boolean> = Promise.resolve(true)
    let second: Promise<boolean> = Promise.resolve(true)
    act(() => {
      first = ask()
      second = ask()
    })
    await expect(second).resolves.toBe(false)
    const dialog = await screen.findByRole('dialog', { name: 'Delete Run' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(first).resolves.toBe(false)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Answered, it can be asked again.
    act(() => {
      first = ask()
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }))
    await expect(first).resolves.toBe(true)
  })

  it('on the web, the confirm opens with the focus on Cancel, not on its close button', async () => {
    renderModals()
    let answer: Promise<boolean> = Promise.resolve(true)
    act(() => {
      answer = confirm('Are you sure you want to delete this activity?', {
        title: 'Delete Run',
        confirmLabel: 'Delete',
      })
    })
    const cancel = await screen.findByRole('button', { name: 'Cancel' })
    await waitFor(() => expect(cancel).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await expect(answer).resolves.toBe(false)
  })

  it('on the web, the dialog counts as open until it is answered (the tab bar hides meanwhile)', async () => {
    function OpenFlag() {
      return <output aria-label="Dialog open">{String(useDialogOpen())}</output>
    }
    render(
      <MantineProvider>
        <DialogHost />
        <OpenFlag />
      </MantineProvider>,
    )
    expect(screen.getByLabelText('Dialog open')).toHaveTextContent('false')
    let answer: Promise<boolean> = Promise.resolve(true)
    act(() => {
      answer = confirm('Are you sure you want to delete this goal?')
    })
    await screen.findByText('Are you sure you want to delete this goal?')
    expect(screen.getByLabelText('Dialog open')).toHaveTextContent('true')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await expect(answer).resolves.toBe(false)
    expect(screen.getByLabelText('Dialog open')).toHaveTextContent('false')
  })

  it('confirmOnNative goes ahead on the web without asking', async () => {
    await expect(confirmOnNative('Are you sure you want to sign out?')).resolves.toBe(true)
    expect(Dialog.confirm).not.toHaveBeenCalled()
    fake.platform = 'ios'
    vi.mocked(Dialog.confirm).mockResolvedValueOnce({ value: false })
    await expect(confirmOnNative('Are you sure you want to sign out?')).resolves.toBe(false)
    expect(Dialog.confirm).toHaveBeenCalledTimes(1)
  })
})

describe('showActionSheet', () => {
  const options = [
    { title: 'Add Activity' },
    { title: 'View Group' },
    { title: 'Delete Group', destructive: true },
  ]

  it('shows the native sheet with styles and a trailing Cancel, resolving the index', async () => {
    fake.platform = 'ios'
    vi.mocked(ActionSheet.showActions).mockResolvedValueOnce({ index: 2 })
    await expect(showActionSheet('Morning', options)).resolves.toBe(2)
    expect(ActionSheet.showActions).toHaveBeenCalledWith({
      title: 'Morning',
      options: [
        { title: 'Add Activity', style: 'DEFAULT' },
        { title: 'View Group', style: 'DEFAULT' },
        { title: 'Delete Group', style: 'DESTRUCTIVE' },
        { title: 'Cancel', style: 'CANCEL' },
      ],
    })
  })

  it('resolves null when Cancel is chosen', async () => {
    fake.platform = 'ios'
    vi.mocked(ActionSheet.showActions).mockResolvedValueOnce({ index: 3 })
    await expect(showActionSheet('Morning', options)).resolves.toBeNull()
  })

  it('falls back to a modal of buttons on the web', async () => {
    renderModals()
    let answer: Promise<number | null> = Promise.resolve(null)
    act(() => {
      answer = showActionSheet('Morning', options)
    })
    await userEvent.click(await screen.findByRole('button', { name: 'View Group' }))
    await expect(answer).resolves.toBe(1)
    expect(ActionSheet.showActions).not.toHaveBeenCalled()
  })
})

describe('listenToKeyboard', () => {
  it('reports the native keyboard showing and hiding, and stops on unsubscribe', async () => {
    fake.platform = 'ios'
    const changes: boolean[] = []
    const stop = listenToKeyboard((shown) => changes.push(shown))
    await flush()
    fake.keyboardListeners.get('keyboardWillShow')?.()
    fake.keyboardListeners.get('keyboardWillHide')?.()
    expect(changes).toEqual([true, false])
    stop()
    await flush()
    expect(fake.keyboardListeners.size).toBe(0)
  })

  it('removes listeners that arrive after an early unsubscribe', async () => {
    fake.platform = 'android'
    const added = vi.mocked(Keyboard.addListener).mock.calls.length
    const stop = listenToKeyboard(() => {})
    stop()
    await flush()
    // They were asked for (the bridge answers later) and removed once they came.
    expect(vi.mocked(Keyboard.addListener).mock.calls.length).toBeGreaterThan(added)
    expect(fake.keyboardListeners.size).toBe(0)
  })

  it('does nothing on the web', async () => {
    const added = vi.mocked(Keyboard.addListener).mock.calls.length
    const changes: boolean[] = []
    const stop = listenToKeyboard((shown) => changes.push(shown))
    await flush()
    expect(vi.mocked(Keyboard.addListener).mock.calls.length).toBe(added)
    expect(fake.keyboardListeners.size).toBe(0)
    stop()
    expect(changes).toEqual([])
  })
})

describe('secure items', () => {
  it('keep the value in Preferences on native, crossing the bridge once per key', async () => {
    fake.platform = 'ios'
    await expect(readSecureItem('session')).resolves.toBeNull()
    await writeSecureItem('session', 'token-1')
    expect(fake.preferences.get('session')).toBe('token-1')
    await expect(readSecureItem('session')).resolves.toBe('token-1')
    expect(Preferences.get).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem('session')).toBeNull()

    await removeSecureItem('session')
    expect(fake.preferences.has('session')).toBe(false)
    await expect(readSecureItem('session')).resolves.toBeNull()
  })

  it('read what an earlier run stored', async () => {
    fake.platform = 'android'
    fake.preferences.set('session', 'from-last-launch')
    await expect(readSecureItem('session')).resolves.toBe('from-last-launch')
  })

  it('fall back to localStorage on the web', async () => {
    await writeSecureItem('session', 'web-value')
    expect(localStorage.getItem('session')).toBe('web-value')
    clearSecureCache()
    await expect(readSecureItem('session')).resolves.toBe('web-value')
    await removeSecureItem('session')
    expect(localStorage.getItem('session')).toBeNull()
    expect(Preferences.set).not.toHaveBeenCalled()
  })
})
