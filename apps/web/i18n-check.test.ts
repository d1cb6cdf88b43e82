import { describe, expect, it } from 'vitest'
import { checkCatalogs, literalsOf, placeholdersOf } from './i18n-check.ts'
import { compileMessageLiterals, findMessages, runtimeKey } from './i18n-messages.ts'

describe('the catalogs check', () => {
  it('passes on the code as it is: every catalog has every message and no other', () => {
    expect(checkCatalogs()).toEqual([])
  })

  it('finds the English literals a component draws outside the catalogs', () => {
    expect(
      literalsOf(`<Button label="Save habit">Add Activity</Button><Text>{t('Done')}</Text>`),
    ).toEqual(['Save habit', 'Add Activity'])
    expect(literalsOf(`<Text>{'All done!'}</Text>`)).toEqual(['All done!'])
    expect(literalsOf(`<Button aria-label={t('Back')}>{t('Save')}</Button>`)).toEqual([])
  })

  it("reads a message's placeholders, plural ones included", () => {
    expect(placeholdersOf('{count, plural, one {# day of {name}} other {# days}}')).toEqual([
      'count',
      'name',
    ])
    expect(placeholdersOf('Hello')).toEqual([])
  })
})

describe('message literals', () => {
  it('finds t and msg literals, single- or double-quoted, and nothing else', () => {
    const found = findMessages(
      `t('It\\'s done') + msg("Say \\"hi\\"") + list.t('x') + format('y') + t(name)`,
    )
    expect(found.map(({ message }) => message)).toEqual(["It's done", 'Say "hi"'])
  })

  it('compiles the ones with placeholders in place, for a runtime without a compiler', () => {
    expect(compileMessageLiterals(`t('Plain') + t('Hi {name}', { name })`)).toBe(
      `t('Plain') + t({"id":"${runtimeKey('Hi {name}')}","c":["Hi ",["name"]]}, { name })`,
    )
    expect(runtimeKey('Hi {name}')).toMatch(/^[\w+/]{6}$/)
    expect(runtimeKey('Plain')).toBe('Plain')
    expect(compileMessageLiterals(`t('Plain')`)).toBeNull()
    expect(compileMessageLiterals(`[msg('Home'), msg('{n} days')]`)).toBe(
      `['Home', msg({"id":"${runtimeKey('{n} days')}","c":[["n"]," days"]})]`,
    )
  })
})
