import { describe, expect, it } from 'vitest'
import { isTextEntry } from './keyboard'

describe('isTextEntry', () => {
  it('is true for fields that bring up the keyboard', () => {
    const email = document.createElement('input')
    email.type = 'email'
    expect(isTextEntry(email)).toBe(true)
    expect(isTextEntry(document.createElement('textarea'))).toBe(true)
  })

  it('is false for buttons, checkboxes, read-only fields and nothing', () => {
    const checkbox = document.createElement('input')
    checkbox.type = 'checkbox'
    const readOnly = document.createElement('input')
    readOnly.readOnly = true
    expect(isTextEntry(checkbox)).toBe(false)
    expect(isTextEntry(readOnly)).toBe(false)
    expect(isTextEntry(document.createElement('button'))).toBe(false)
    expect(isTextEntry(null)).toBe(false)
  })
})
