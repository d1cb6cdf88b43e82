import { ActionIcon, Badge, Button, MantineProvider, Select, Text, Title } from '@mantine/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MantineRoot } from './mantine-root'
import { theme } from './theme'

afterEach(cleanup)

describe('theme', () => {
  it("hides a select's chevron from screen readers: the select's name is its label, the drawing adds nothing", () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <Select label="Activity" data={['Read', 'Walk']} />
      </MantineProvider>,
    )
    const drawings = [...container.querySelectorAll('svg')]
    expect(drawings.length).toBeGreaterThan(0)
    for (const svg of drawings) expect(svg.getAttribute('aria-hidden')).toBe('true')
  })

  it("draws a select's options only while its list is open, not hidden beside every closed select", () => {
    const names = Array.from({ length: 30 }, (_, n) => `Habit ${n + 1}`)
    render(
      <MantineProvider theme={theme}>
        <Select label="Activity" data={names} />
      </MantineProvider>,
    )
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0)
    fireEvent.click(screen.getByRole('combobox', { name: 'Activity' }))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(names)
  })

  it('has its CSS variables and classes in theme-variables.css, as Mantine would draw them at every start', async () => {
    // The app's provider (MantineRoot) leaves them out; `vitest -u` writes the file again after a
    // change of the theme.
    render(
      <MantineProvider theme={theme} forceColorScheme="dark" defaultColorScheme="dark">
        <p>Kindling</p>
      </MantineProvider>,
    )
    const variables = document.querySelector('style[data-mantine-styles="true"]')?.textContent
    const classes = document.querySelector('style[data-mantine-styles="classes"]')?.textContent
    expect(variables).toContain(
      '--mantine-primary-color-filled: var(--mantine-color-orange-filled)',
    )
    expect(classes).toContain('.mantine-hidden-from-sm')
    await expect(`${THEME_CSS_HEADER}${variables}\n${classes}\n`).toMatchFileSnapshot(
      './theme-variables.css',
    )
  })

  it("draws the shell's components under MantineRoot as under Mantine's own provider", () => {
    const shell = (
      <>
        <Title order={1} size="h3" lineClamp={1}>
          Habits
        </Title>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Search">
          <svg aria-hidden />
        </ActionIcon>
        <Badge variant="light" color="orange">
          Sending · 2
        </Badge>
        <Button variant="default">Sign In</Button>
        <Text c="dimmed">You must be signed in to view this page.</Text>
      </>
    )
    const drawnBy = (provider: 'mantine' | 'app') => {
      const { container } = render(
        provider === 'mantine' ? (
          <MantineProvider
            theme={theme}
            forceColorScheme="dark"
            defaultColorScheme="dark"
            withCssVariables={false}
          >
            {shell}
          </MantineProvider>
        ) : (
          <MantineRoot theme={theme}>{shell}</MantineRoot>
        ),
      )
      // Mantine's provider draws its classes' <style>: the app has them in theme-variables.css.
      const drawn = container.cloneNode(true) as HTMLElement
      for (const style of drawn.querySelectorAll('style[data-mantine-styles]')) style.remove()
      const html = drawn.innerHTML
      cleanup()
      return html
    }
    const app = drawnBy('app')
    expect(app).toContain('Sending · 2')
    expect(app).toBe(drawnBy('mantine'))
  })
})

const THEME_CSS_HEADER = `/*
 * The theme's CSS variables (theme.ts) and Mantine's breakpoint classes as Mantine's provider
 * would draw them into <style>s at every start; written by theme.test.tsx (\`vitest -u\`), do not
 * edit.
 */
`
