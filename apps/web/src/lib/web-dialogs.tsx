import { Button, Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'

/**
 * The web's stand-ins for the native dialogs of lib/platform: Mantine modals, which need the
 * ModalsProvider of the app layout to be mounted.
 */

export interface WebConfirmOptions {
  title?: string
  confirmLabel: string
  cancelLabel: string
  destructive?: boolean
}

/** A confirm modal; resolves true on confirm, false on Cancel, Escape or a click outside. */
export function openWebConfirm(message: string, options: WebConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: options.confirmLabel, cancel: options.cancelLabel },
      confirmProps: options.destructive ? { color: 'red' } : undefined,
      // The modal calls onClose after onConfirm too: the first answer wins.
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    })
  })
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
  return new Promise<number | null>((resolve) => {
    let chosen: number | null = null
    const modalId = modals.open({
      title,
      onClose: () => resolve(chosen),
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
  })
}
