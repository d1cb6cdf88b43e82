import { MantineContext, type MantineThemeOverride, MantineThemeProvider } from '@mantine/core'
import type { ContextType, ReactNode } from 'react'

const noop = () => {}

/**
 * What Mantine's provider gives its components, as this app sets it: dark always (index.html
 * carries `data-mantine-color-scheme="dark"`), the default class names and static classes.
 */
const context: NonNullable<ContextType<typeof MantineContext>> = {
  colorScheme: 'dark',
  setColorScheme: noop,
  clearColorScheme: noop,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
}

/**
 * Mantine's provider without what the app never runs (decision 163): its CSS variables and
 * breakpoint classes are a stylesheet (theme-variables.css, written by theme.test.tsx from what
 * the provider draws), the colour scheme is forced, so the variables' resolver, the colour scheme
 * manager and their hooks (about 3 KB gzip) stay out of the first screen's script.
 * theme.test.tsx checks that a component draws the same under both.
 */
export function MantineRoot({
  theme,
  children,
}: {
  theme: MantineThemeOverride
  children: ReactNode
}) {
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  )
}
