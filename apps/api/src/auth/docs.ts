import {
  AuthErrorBody,
  AuthUser as AuthUserSchema,
  NativeSignInExchange,
  NativeSignInStart,
  NewPassword,
  PASSWORD_MAX_LENGTH,
  Profile,
} from '@kindling/core'
import { z } from 'zod'
import { jsonResponse, publicSecurity, retryAfterHeader, sessionSecurity } from '../http/openapi'

/*
 * The OpenAPI description of the better-auth endpoints under /api/auth: better-auth serves them,
 * these schemas only document them (and validate nothing better-auth would not).
 */

const AuthUser = AuthUserSchema.meta({ id: 'AuthUser' })
const AuthSession = z
  .object({
    id: z.string(),
    userId: z.string(),
    expiresAt: z.string(),
    token: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    ipAddress: z.string().nullable().optional(),
    userAgent: z.string().nullable().optional(),
  })
  .meta({ id: 'AuthSession' })
const AuthError = AuthErrorBody.meta({ id: 'AuthError' })
const SignedIn = z.object({
  token: z
    .string()
    .nullable()
    .describe('The session token (also set as a cookie and in the set-auth-token header).'),
  user: AuthUser,
})
const Email = z.email()

const error = (description: string) => jsonResponse(description, AuthError)
const E400 = error(
  'Invalid input (`VALIDATION_ERROR`, naming the field) or a body that is not JSON.',
)
const E403 = error('The Origin header is not a trusted origin (`INVALID_ORIGIN`).')
const E413 = error('The request body is larger than 1 MiB.')
const E415 = error('The body is not JSON.')
const E429 = jsonResponse(
  'Too many attempts from this address or for this e-mail (`TOO_MANY_REQUESTS`); see the Retry-After header.',
  AuthError,
  retryAfterHeader,
)
/** The errors every POST to better-auth can answer, before it looks at the request. */
const postErrors = { 400: E400, 403: E403, 413: E413, 415: E415, 429: E429 }

/**
 * The answer of a browser's hop of single sign-on (the provider's callback, the native start
 * and return) other than its redirects: it never answers 2xx, even when the sign-in is refused
 * (that redirects too), so the only other answer is the server's failure. Documented as the
 * `default` response, which a strict OpenAPI linter takes in place of a 2xx.
 */
const hopFailure = jsonResponse(
  'Not redirected: the server failed (500), or its database is unreachable for a moment (503, see Retry-After).',
  AuthError,
  retryAfterHeader,
)

/** The better-auth endpoints the apps use, documented (the handler is added by routes.ts). */
export const authRouteDocs = {
  signUp: {
    method: 'POST' as const,
    url: '/api/auth/sign-up/email',
    schema: {
      operationId: 'signUpEmail',
      tags: ['auth'],
      summary: 'Create an account',
      description:
        'Creates the user with e-mail and password, mails the verification link and signs the user in (cookie session; bearer clients read the set-auth-token header). Needs an Origin header from a trusted origin.',
      body: z.object({
        email: Email,
        password: NewPassword.describe(
          'At least 8 characters, not only spaces, and not one of the 10,000 most common passwords (`PASSWORD_TOO_COMMON`).',
        ),
        name: Profile.shape.name.describe('Display name; empty when not given.'),
        image: Profile.shape.image.describe('Picture: an http(s) URL.'),
        callbackURL: z
          .string()
          .optional()
          .describe('Where the verification link lands; default /.'),
        invitation: z
          .string()
          .max(200)
          .optional()
          .describe(
            "The `invitation` of an invitation link: needed while sign-up is 'Invite only'. One naming this e-mail makes it verified.",
          ),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse('Created and signed in.', SignedIn),
        ...postErrors,
        403: error(
          'The Origin header is not a trusted origin (`INVALID_ORIGIN`), or the server takes no such account: sign-up is closed (`SIGN_UP_CLOSED`), needs an invitation (`INVITATION_REQUIRED`), or the invitation is invalid, used, expired or for another address (`INVITATION_INVALID`, `INVITATION_USED`, `INVITATION_EXPIRED`, `INVITATION_FOR_ANOTHER_EMAIL`).',
        ),
        422: error('An account with this e-mail exists (`USER_ALREADY_EXISTS`).'),
      },
    },
  },
  signIn: {
    method: 'POST' as const,
    url: '/api/auth/sign-in/email',
    schema: {
      operationId: 'signInEmail',
      tags: ['auth'],
      summary: 'Sign in',
      description:
        'Signs in with e-mail and password; works while the e-mail is unverified (the user is then sent to /confirm-email). 401 INVALID_EMAIL_OR_PASSWORD on a wrong e-mail or password.',
      body: z.object({
        email: Email,
        password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
        rememberMe: z.boolean().optional(),
        callbackURL: z.string().optional(),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse(
          'Signed in.',
          SignedIn.extend({
            redirect: z.boolean().optional(),
            url: z.string().nullable().optional(),
          }),
        ),
        ...postErrors,
        401: error('Wrong e-mail or password (`INVALID_EMAIL_OR_PASSWORD`).'),
        403: error(
          'The Origin header is not a trusted origin (`INVALID_ORIGIN`), or the administrator disabled the account (`ACCOUNT_DISABLED`).',
        ),
      },
    },
  },
  signOut: {
    method: 'POST' as const,
    url: '/api/auth/sign-out',
    schema: {
      operationId: 'signOut',
      tags: ['auth'],
      summary: 'Sign out',
      description: 'Ends the current session (cookie or bearer session token).',
      body: z.object({}).optional(),
      security: [...sessionSecurity, {}],
      response: {
        200: jsonResponse(
          'Signed out (also when there was no session).',
          z.object({ success: z.boolean() }),
        ),
        ...postErrors,
      },
    },
  },
  revokeSessions: {
    method: 'POST' as const,
    url: '/api/auth/revoke-sessions',
    schema: {
      operationId: 'signOutEverywhere',
      tags: ['auth'],
      summary: 'Sign out everywhere',
      description:
        'Ends every session of the signed-in user, this one included (their id tokens stop working), and revokes every personal API token of the account. Needs a session and, with the cookie, an Origin header from a trusted origin.',
      body: z.object({}).optional(),
      security: sessionSecurity,
      response: {
        200: jsonResponse('Every session ended.', z.object({ status: z.boolean() })),
        ...postErrors,
        401: error('No session (`UNAUTHORIZED`).'),
      },
    },
  },
  getSession: {
    method: 'GET' as const,
    url: '/api/auth/get-session',
    schema: {
      operationId: 'getSession',
      tags: ['auth'],
      summary: 'The current session',
      description: 'The signed-in user and session, or null when signed out.',
      security: [...sessionSecurity, {}],
      response: {
        200: jsonResponse(
          'The session, or null when signed out.',
          z.object({ user: AuthUser, session: AuthSession }).nullable(),
        ),
        // Signed out is a 200 null, and this read is not rate-limited.
        '4xx': error('A client error (none is expected: signed out answers 200 null).'),
      },
    },
  },
  sendVerification: {
    method: 'POST' as const,
    url: '/api/auth/send-verification-email',
    schema: {
      operationId: 'sendVerificationEmail',
      tags: ['auth'],
      summary: 'Resend the verification e-mail',
      description: 'Mails a new verification link to an unverified account.',
      body: z.object({ email: Email, callbackURL: z.string().optional() }),
      security: publicSecurity,
      response: {
        200: jsonResponse('A new link is on its way.', z.object({ status: z.boolean() })),
        ...postErrors,
      },
    },
  },
  requestPasswordReset: {
    method: 'POST' as const,
    url: '/api/auth/request-password-reset',
    schema: {
      operationId: 'requestPasswordReset',
      tags: ['auth'],
      summary: 'Mail a password reset link',
      description:
        "Mails a one-time link to the app's /reset-password page (valid one hour) when an account has this e-mail. Answers the same whether or not it has, so it tells nobody which addresses have accounts. At most 3 such e-mails per address an hour.",
      body: z.object({
        email: Email,
        redirectTo: z.string().optional().describe('Ignored: the link always leads to the app.'),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse(
          'Mailed, if an account has this e-mail.',
          z.object({ status: z.boolean(), message: z.string().optional() }),
        ),
        ...postErrors,
      },
    },
  },
  resetPassword: {
    method: 'POST' as const,
    url: '/api/auth/reset-password',
    schema: {
      operationId: 'resetPassword',
      tags: ['auth'],
      summary: 'Set a new password with a reset link',
      description:
        'Sets the password of the account the mailed token names, spends the token, and signs the account out on every device. The user then signs in with the new password.',
      body: z.object({
        newPassword: NewPassword.describe(
          'The same rules as at sign-up (`PASSWORD_TOO_COMMON` for a common one).',
        ),
        token: z.string().min(1).max(200).describe('The `token` of the reset link.'),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse('The password is changed.', z.object({ status: z.boolean() })),
        ...postErrors,
        400: error(
          'The link is invalid, used or expired (`INVALID_TOKEN`), or the password is refused (naming why).',
        ),
      },
    },
  },
  verifyEmail: {
    method: 'GET' as const,
    url: '/api/auth/verify-email',
    schema: {
      operationId: 'verifyEmail',
      tags: ['auth'],
      summary: 'Verify an e-mail address',
      description:
        'The link of the verification e-mail. Marks the e-mail verified, signs the user in, and redirects (302) to callbackURL; without callbackURL answers JSON.',
      querystring: z.object({
        token: z.string().describe('The token of the mailed link.'),
        callbackURL: z
          .string()
          .optional()
          .describe('Where to redirect once verified (a path, or a URL on a trusted origin).'),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse(
          'Verified (no callbackURL given).',
          z.object({ status: z.boolean(), user: AuthUser.nullable().optional() }),
        ),
        302: jsonResponse('Verified, or not: redirects to callbackURL.', z.null(), {
          location: {
            type: 'string',
            description:
              'callbackURL, with an `error` query parameter (`INVALID_TOKEN`, `TOKEN_EXPIRED`, `USER_NOT_FOUND`, `INVALID_USER`) when the link is not accepted.',
          },
        }),
        400: error('No token given (`VALIDATION_FAILED`).'),
        401: error('The token is invalid or expired (`INVALID_TOKEN`), without a callbackURL.'),
        403: error('callbackURL is not on a trusted origin (`INVALID_CALLBACKURL`).'),
        429: E429,
      },
    },
  },
  updateUser: {
    method: 'POST' as const,
    url: '/api/auth/update-user',
    schema: {
      operationId: 'updateUser',
      tags: ['auth'],
      summary: 'Change your display name or picture',
      description:
        "Changes the signed-in user's name or picture (the e-mail cannot be changed here). Needs a session and, with the cookie, an Origin header from a trusted origin.",
      body: z.object({
        name: Profile.shape.name.describe('Display name.'),
        image: Profile.shape.image.describe('Picture: an http(s) URL, or null to remove it.'),
      }),
      security: sessionSecurity,
      response: {
        200: jsonResponse('Changed.', z.object({ status: z.boolean() })),
        ...postErrors,
        400: error(
          'A name over 100 characters or a picture that is not an http(s) URL (`VALIDATION_ERROR`), an e-mail sent to change (`EMAIL_CAN_NOT_BE_UPDATED`), or nothing to change.',
        ),
        401: error('No session (`UNAUTHORIZED`).'),
      },
    },
  },
  changePassword: {
    method: 'POST' as const,
    url: '/api/auth/change-password',
    schema: {
      operationId: 'changePassword',
      tags: ['auth'],
      summary: 'Change your password',
      description:
        'Sets a new password after checking the current one. With `revokeOtherSessions`, every other session ends (their id tokens stop working) and a new session is started for this one.',
      body: z.object({
        currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
        newPassword: NewPassword.describe(
          'The same rules as at sign-up (`PASSWORD_TOO_COMMON` for a common one).',
        ),
        revokeOtherSessions: z.boolean().optional().describe('Sign out every other device too.'),
      }),
      security: sessionSecurity,
      response: {
        200: jsonResponse(
          'Changed.',
          z.object({
            token: z
              .string()
              .nullable()
              .describe('The new session token when other sessions were revoked, else null.'),
            user: AuthUser,
          }),
        ),
        ...postErrors,
        400: error(
          'The current password is wrong (`INVALID_PASSWORD`) or the new one is refused (naming why).',
        ),
        401: error('No session (`UNAUTHORIZED`).'),
      },
    },
  },
  jwks: {
    method: 'GET' as const,
    url: '/api/auth/jwks',
    schema: {
      operationId: 'getJwks',
      tags: ['auth'],
      summary: 'The public keys of the id tokens',
      description:
        'The JSON Web Key Set that verifies the id tokens of GET /api/auth/token (EdDSA, Ed25519), for services that check them themselves.',
      security: publicSecurity,
      response: {
        200: jsonResponse(
          'The key set.',
          z.object({
            keys: z.array(
              z.looseObject({
                kid: z.string(),
                kty: z.string(),
                alg: z.string().optional(),
                crv: z.string().optional(),
                x: z.string().optional(),
              }),
            ),
          }),
        ),
        '4xx': error('A client error (none is expected: the operation takes no input).'),
      },
    },
  },
  token: {
    method: 'GET' as const,
    url: '/api/auth/token',
    schema: {
      operationId: 'getIdToken',
      tags: ['auth'],
      summary: 'Get an id token for the data API',
      description:
        'A short-lived (15 minutes) signed JWT for `Authorization: Bearer` on the data API. Needs a session (cookie, or `Authorization: Bearer <session token>` for native). The token stops working when its session ends (sign-out, password reset): at once on the server that ended it, within 5 seconds on the others.',
      security: sessionSecurity,
      response: {
        200: jsonResponse('A fresh id token.', z.object({ token: z.string() })),
        401: error('No session (`UNAUTHORIZED`).'),
      },
    },
  },
}

/**
 * Single sign-on with OpenID Connect (issue 53): served, and documented, only when the server
 * has OIDC_ISSUER and OIDC_CLIENT_ID.
 */
export const oidcRouteDocs = {
  signInSocial: {
    method: 'POST' as const,
    url: '/api/auth/sign-in/social',
    schema: {
      operationId: 'signInWithProvider',
      tags: ['auth'],
      summary: 'Start single sign-on',
      description:
        'Starts signing in with the server\'s OpenID Connect provider (`provider: "oidc"`): answers the provider\'s authorization URL (with state, PKCE and nonce) and sets the state cookie; the browser goes there, and the provider sends it back to GET /api/auth/callback/oidc. A new account follows the sign-up policy (`additionalData.invitation` carries an invitation).',
      body: z.object({
        provider: z.string().describe('`oidc`.'),
        callbackURL: z.string().optional().describe('Where to land once signed in; default /.'),
        newUserCallbackURL: z
          .string()
          .optional()
          .describe('Where a new account lands; default callbackURL.'),
        errorCallbackURL: z
          .string()
          .optional()
          .describe('Where to land on a refusal, with `error` (a code) and `error_description`.'),
        disableRedirect: z.boolean().optional().describe('Answer the URL without a Location.'),
        additionalData: z
          .object({ invitation: z.string().max(200).optional() })
          .optional()
          .describe('The invitation of an invitation link, for a new account.'),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse(
          "The provider's authorization URL.",
          z.object({ url: z.string(), redirect: z.boolean() }),
        ),
        ...postErrors,
        400: error('An id token was sent (`ID_TOKEN_NOT_SUPPORTED`), or invalid input.'),
        404: error('No such provider (`PROVIDER_NOT_FOUND`).'),
      },
    },
  },
  callback: {
    method: 'GET' as const,
    url: '/api/auth/callback/:providerId',
    schema: {
      operationId: 'providerCallback',
      tags: ['auth'],
      summary: 'Come back from single sign-on',
      description:
        'Where the provider sends the browser back: checks the state (and its cookie), trades the code for tokens with the PKCE verifier, verifies the id token, then signs in, links an account by a verified e-mail, or creates one if the sign-up policy allows, and redirects (302) to the callback URL given at the start; a refusal redirects to the error callback URL with `error` (e.g. `state_mismatch`, `account_not_linked`, `SIGN_UP_CLOSED`, `ACCOUNT_DISABLED`).',
      params: z.object({ providerId: z.string().describe('`oidc`.') }),
      querystring: z.looseObject({
        code: z.string().optional().describe("The provider's authorization code."),
        state: z.string().optional().describe('The state of the sign-in.'),
        error: z.string().optional().describe("The provider's refusal."),
      }),
      security: publicSecurity,
      response: {
        302: jsonResponse('Signed in, or refused: redirects.', z.null(), {
          location: {
            type: 'string',
            description: 'The callback URL, or the error callback URL with `error`.',
          },
        }),
        '4xx': error('A malformed request.'),
        default: hopFailure,
      },
    },
  },
}

const appReturn = {
  location: {
    type: 'string' as const,
    description:
      'The next page, or the app: `app.kindling://single-sign-on?code=…` once signed in, or with `error` (e.g. `account_not_linked`, `SIGN_UP_CLOSED`, `access_denied`, `state_not_found`) and `error_description`.',
  },
}

/**
 * Single sign-on from the native shells (decision 136): opened in the system browser, back to
 * the app through its URL scheme with a one-time code, traded by the app for its session. Only
 * served when OIDC is configured. The handlers are in native-sign-in.ts.
 */
export const nativeSignInRouteDocs = {
  start: {
    method: 'GET' as const,
    url: '/api/auth/native/start',
    schema: {
      operationId: 'startNativeSignIn',
      tags: ['auth'],
      summary: 'Start single sign-on from the native app',
      description:
        "Opened by the native app in the system browser: starts the provider's sign-in as POST /api/auth/sign-in/social does (its state cookie set in this browser) and redirects (302) to the provider. The app keeps the verifier of `challenge` to trade the code it gets back at POST /api/auth/native/token. A start the server refuses (no such provider) redirects back to the app with `error`.",
      querystring: NativeSignInStart,
      security: publicSecurity,
      response: {
        302: jsonResponse(
          "To the provider's sign-in page, or back to the app.",
          z.null(),
          appReturn,
        ),
        400: error('A challenge that is not a base64url SHA-256 (`VALIDATION_ERROR`).'),
        default: hopFailure,
      },
    },
  },
  return: {
    method: 'GET' as const,
    url: '/api/auth/native/return',
    schema: {
      operationId: 'returnNativeSignIn',
      tags: ['auth'],
      summary: 'Come back to the native app from single sign-on',
      description:
        "Where GET /api/auth/callback/oidc sends the system browser at the end of a sign-in started at GET /api/auth/native/start: ends the browser's session and redirects (302) to the app with a one-time code (single use, good for 2 minutes, stored hashed), or with the refusal's `error`.",
      querystring: z.looseObject({
        flow: z.string().optional().describe('The nonce of the sign-in, set by the server.'),
        error: z.string().optional().describe('Why the sign-in was refused.'),
        error_description: z.string().optional().describe('The refusal in words.'),
      }),
      security: publicSecurity,
      response: {
        302: jsonResponse('Back to the app.', z.null(), appReturn),
        '4xx': error('A malformed request.'),
        default: hopFailure,
      },
    },
  },
  token: {
    method: 'POST' as const,
    url: '/api/auth/native/token',
    schema: {
      operationId: 'tradeNativeSignInCode',
      tags: ['auth'],
      summary: 'Trade the native sign-in code for a session',
      description:
        "The native app's last step of single sign-on: the one-time code of the return URL and the verifier whose challenge started the sign-in give a new session, answered as POST /api/auth/sign-in/email answers a bearer client (the token in the body and the set-auth-token header). A code is spent by its first try, right or wrong.",
      body: NativeSignInExchange,
      security: publicSecurity,
      response: {
        200: jsonResponse('Signed in.', SignedIn, {
          'set-auth-token': {
            type: 'string',
            description: 'The session token, to send as `Authorization: Bearer` on auth calls.',
          },
        }),
        400: error(
          'A code that is unknown or used (`SIGN_IN_CODE_INVALID`) or expired (`SIGN_IN_CODE_EXPIRED`), or invalid input (`VALIDATION_ERROR`).',
        ),
        401: error('The verifier does not match the challenge (`SIGN_IN_VERIFIER_MISMATCH`).'),
        403: error('The account is disabled (`ACCOUNT_DISABLED`).'),
        413: E413,
        415: E415,
        429: E429,
      },
    },
  },
}
