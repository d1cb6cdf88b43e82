import { describe, expect, it } from 'vitest'
import { NewPassword, Profile } from './user'

const message = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('NewPassword', () => {
  it('takes 8 to 128 characters with something besides whitespace', () => {
    expect(NewPassword.safeParse('a b c d e').success).toBe(true)
    expect(NewPassword.safeParse(`${' '.repeat(7)}x`).success).toBe(true)
    expect(message(NewPassword.safeParse('short'))).toBe('Password must be at least 8 characters.')
    expect(message(NewPassword.safeParse('x'.repeat(129)))).toBe(
      'Password must be at most 128 characters.',
    )
  })

  it.each([' '.repeat(8), '\t'.repeat(10), '\u00a0'.repeat(8), ' \n \n \n \n'])(
    'refuses whitespace only (%j)',
    (password) => {
      expect(message(NewPassword.safeParse(password))).toBe('Password cannot be only spaces.')
    },
  )
})

describe('Profile', () => {
  it('keeps the name to 100 characters', () => {
    expect(Profile.safeParse({ name: 'n'.repeat(100) }).success).toBe(true)
    expect(message(Profile.safeParse({ name: 'n'.repeat(101) }))).toBe(
      'Name must be at most 100 characters.',
    )
  })

  it.each(['https://example.com/me.png', 'http://lan-box:3000/a.jpg'])('takes %s', (image) => {
    expect(Profile.safeParse({ image }).success).toBe(true)
  })

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd', 'me.png'])(
    'refuses %s as a picture',
    (image) => {
      expect(Profile.safeParse({ image }).success).toBe(false)
    },
  )

  it('takes no picture (null) and no fields at all', () => {
    expect(Profile.safeParse({ image: null }).success).toBe(true)
    expect(Profile.safeParse({}).success).toBe(true)
  })
})
