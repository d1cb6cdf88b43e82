import { Center, Loader, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A spinner in place of what is loading; `label` is what a screen reader hears. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={label} />
    </Center>
  )
}

/** In place of a record that no longer exists (deleted here or on another device). */
export function Gone({ children }: { children: ReactNode }) {
  return (
    <Text c="gray.5" ta="center" py="xl">
      {children}
    </Text>
  )
}
