import { useId as mantineOwnUseId } from '@mantine/hooks'
import { render } from '@testing-library/react'
import { Profiler } from 'react'
import { describe, expect, it } from 'vitest'
import { useId } from './mantine-use-id'

/** How many times a component calling `hook` is committed on its first appearance, and its ids. */
function firstAppearance(hook: (staticId?: string) => string, staticIds: (string | undefined)[]) {
  const ids: string[] = []
  let commits = 0
  function Field({ staticId, index }: { staticId?: string; index: number }) {
    const id = hook(staticId)
    ids[index] = id
    return <input id={id} aria-label="Name" />
  }
  const view = render(
    <Profiler id="fields" onRender={() => (commits += 1)}>
      {staticIds.map((staticId, index) => (
        <Field key={String(index)} staticId={staticId} index={index} />
      ))}
    </Profiler>,
  )
  const inDocument = [...view.container.querySelectorAll('input')].map((input) => input.id)
  view.unmount()
  return { commits, ids, inDocument }
}

describe('useId for Mantine', () => {
  it('gives each field its own id at once: the fields are drawn once, not twice', () => {
    const ours = firstAppearance(useId, [undefined, undefined, 'email'])
    expect(ours.commits).toBe(1)
    expect(ours.ids).toEqual(ours.inDocument)
    expect(new Set(ours.ids).size).toBe(3)
    expect(ours.ids[2]).toBe('email')
    expect(ours.ids[0]).toMatch(/^mantine-[\w-]+$/)
    // Mantine's own replaces the first id after the first drawing: a second commit.
    expect(firstAppearance(mantineOwnUseId, [undefined, undefined]).commits).toBe(2)
  })

  it('keeps the same id on every drawing', () => {
    const seen: string[] = []
    function Field({ label }: { label: string }) {
      const id = useId()
      seen.push(id)
      return <input id={id} aria-label={label} />
    }
    const view = render(<Field label="Name" />)
    view.rerender(<Field label="Title" />)
    expect(seen).toHaveLength(2)
    expect(seen[1]).toBe(seen[0])
  })
})
