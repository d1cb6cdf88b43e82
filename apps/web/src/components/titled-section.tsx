import { Stack, type StackProps, Title } from '@mantine/core'
import { type ReactNode, useId } from 'react'

/** Heading sizes by level: a page's sections (2) down to a panel's parts (4). */
const SIZES = { 2: 'h4', 3: 'h5', 4: 'h6' } as const

/** A `<section>` named by its heading (a landmark a screen reader lists by that name). */
export function TitledSection({
  title,
  order,
  gap = 'xs',
  children,
}: {
  title: string
  order: keyof typeof SIZES
  gap?: StackProps['gap']
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <Stack gap={gap} component="section" aria-labelledby={titleId}>
      <Title order={order} size={SIZES[order]} id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  )
}
