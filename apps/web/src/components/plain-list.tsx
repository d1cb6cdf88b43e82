import { type MantineSpacing, Stack } from '@mantine/core'
import type { ReactNode } from 'react'

/** A list (`ul`) without bullets or indent, its items spaced by `gap`; `label` names it. */
export function PlainList({
  gap = 'xs',
  label,
  children,
}: {
  gap?: MantineSpacing
  label?: string
  children: ReactNode
}) {
  return (
    <Stack component="ul" gap={gap} m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  )
}
