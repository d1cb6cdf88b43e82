import { MantineProvider, Select } from '@mantine/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
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

  it('has its CSS variables in theme-variables.css, as Mantine would draw them at every start', async () => {
    // The app's provider leaves them out (`withCssVariables={false}`); `vitest -u` writes the
    // file again after a change of the theme.
    render(
      <MantineProvider theme={theme} forceColorScheme="dark" defaultColorScheme="dark">
        <p>Kindling</p>
      </MantineProvider>,
    )
    const drawn = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? ''
    expect(drawn).toContain('--mantine-primary-color-filled: var(--mantine-color-orange-filled)')
    await expect(`${THEME_CSS_HEADER}${drawn}\n`).toMatchFileSnapshot('./theme-variables.css')
  })
})

const THEME_CSS_HEADER = `/*
 * The theme's CSS variables (theme.ts) as Mantine's provider would draw them into a <style> at
 * every start; written by theme.test.tsx (\`vitest -u\`), do not edit.
 */
`
