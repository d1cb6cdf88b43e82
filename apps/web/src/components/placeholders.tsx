import { Center, Loader, Skeleton, Text } from '@mantine/core'
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

/**
 * A skeleton exactly as large as `children` at every width: they are laid out, but neither seen
 * nor read (nor found by tests). Give it what will most likely come, so nothing below moves
 * when it does.
 */
export function ShapedSkeleton({ children }: { children: ReactNode }) {
  return (
    <Skeleton radius="md">
      <div aria-hidden style={{ visibility: 'hidden' }}>
        {children}
      </div>
    </Skeleton>
  )
}
