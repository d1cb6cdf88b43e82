import { Button, Stack, Text } from '@mantine/core'
import { ModalsProvider, modals } from '@mantine/modals'
import { useEffect } from 'react'
import { dialogOpened, wantDialogHost } from './dialog-state'
import { unlessEscaped } from './escape'

/**
 * The web's stand-ins for the native dialogs of lib/platform: Mantine modals. This module loads
 * on first use (or after the first press anywhere), and with it Mantine's modal code; the layout
 * mounts its `WebDialogHost` once asked, and a dialog opens once the host listens.
 */

function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

let hostReady = deferred()

/** Mantine's modals manager, mounted by the layout (inside the router) on first use. */
export function WebDialogHost() {
  return (
    <>
      <ModalsProvider />
      {/* After the provider's own effects, which start listening for modals to open. */}
      <HostReady />
    </>
  )
}

function HostReady() {
  useEffect(() => {
    hostReady.resolve()
    return () => {
      hostReady = deferred()
    }
  }, [])
  return null
}

/**
 * Opens a dialog through the host once it is mounted; it counts as open until `settled`. Escape
 * before the host is there (its first use) answers `dismissed` without opening it.
 */
async function openDialog<T>(open: (settle: (value: T) => void) => void, dismissed: T): Promise<T> {
  wantDialogHost()
  if ((await unlessEscaped(hostReady.promise)).escaped) return dismissed
  const closed = dialogOpened()
  return new Promise<T>((resolve) => {
    open((value) => {
      closed()
      resolve(value)
    })
  })
}

export interface WebConfirmOptions {
  title?: string
  confirmLabel: string
  cancelLabel: string
  destructive?: boolean
}

/** A confirm modal; resolves true on confirm, false on Cancel, Escape or a click outside. */
export function openWebConfirm(message: string, options: WebConfirmOptions): Promise<boolean> {
  return openDialog<boolean>((settle) => {
    modals.openConfirmModal({
      title: options.title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: options.confirmLabel, cancel: options.cancelLabel },
      confirmProps: options.destructive ? { color: 'red' } : undefined,
      // The focus starts on the answer that changes nothing (as an alert dialog's should), not
      // on the close button; Enter there cannot delete by mistake.
      cancelProps: { 'data-autofocus': true },
      // The modal calls onClose after onConfirm too: the first answer wins.
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    })
  }, false)
}

export interface WebActionSheetOption {
  title: string
  destructive?: boolean
}

/** A modal list of buttons; resolves to the chosen index, or null when dismissed. */
export function openWebActionSheet(
  title: string,
  options: readonly WebActionSheetOption[],
): Promise<number | null> {
  return openDialog<number | null>((settle) => {
    let chosen: number | null = null
    const modalId = modals.open({
      title,
      onClose: () => settle(chosen),
      children: (
        <Stack gap="xs">
          {options.map((option, index) => (
            <Button
              key={option.title}
              variant="default"
              color={option.destructive ? 'red' : undefined}
              onClick={() => {
                chosen = index
                modals.close(modalId)
              }}
            >
              {option.title}
            </Button>
          ))}
        </Stack>
      ),
    })
  }, null)
}
