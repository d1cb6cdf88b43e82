import { Profile } from '@kindling/core'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { passwordProblem } from './password-policy'

/** The body field holding the password being chosen, per better-auth route. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
}

/** Routes that write the display name or picture. */
const PROFILE_ROUTES = new Set(['/sign-up/email', '/update-user'])

/**
 * Runs before every better-auth route, whichever way it is reached: a new password must pass
 * the password policy, and a name or picture the shared Profile schema. Refusals are 400 with
 * a message fit to show under the form.
 */
export const accountRules = createAuthMiddleware(async (ctx) => {
  const body = ctx.body as Record<string, unknown> | undefined
  if (!body || typeof body !== 'object') return
  // Single sign-on goes through the provider's own page (authorization code, PKCE, state):
  // an id token handed in by a client is not taken (issue 53).
  if (ctx.path === '/sign-in/social' && body.idToken !== undefined) {
    throw new APIError('BAD_REQUEST', {
      code: 'ID_TOKEN_NOT_SUPPORTED',
      message: 'Sign in through the provider: an id token is not taken here.',
    })
  }
  const field = NEW_PASSWORD_FIELD[ctx.path]
  const password = field ? body[field] : undefined
  if (typeof password === 'string') {
    const problem = passwordProblem(password)
    if (problem) throw new APIError('BAD_REQUEST', problem)
  }
  if (PROFILE_ROUTES.has(ctx.path)) {
    const parsed = Profile.safeParse({ name: body.name, image: body.image })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new APIError('BAD_REQUEST', {
        code: 'VALIDATION_ERROR',
        message: issue?.message ?? 'Invalid profile.',
      })
    }
  }
})
