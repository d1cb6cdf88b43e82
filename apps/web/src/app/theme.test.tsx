import { MantineProvider, Select } from '@mantine/core'
import { cleanup, render } from '@testing-library/react'
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
})
