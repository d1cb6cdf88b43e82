import { PRODUCT_NAME } from '@kindling/core'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { createAuthMiddleware, isAPIError } from 'better-auth/api'
import { bearer } from 'better-auth/plugins/bearer'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { jwt } from 'better-auth/plugins/jwt'
import type { Logger } from 'pino'
import { isAdmin } from '../admin/users'
import { type Config, OIDC_PROVIDER_ID } from '../config'
import type { Database } from '../db/client'
import { authSchema } from '../db/schema'
import { languageOfAccount } from '../i18n/account-language'
import { buildPasswordResetMail, buildVerificationMail, type Mailer } from '../mail/mailer'
import type { AccountGate } from './account-gate'
import { accountRules } from './account-rules'
import { CLIENT_IP_HEADER } from './fetch-bridge'

/** Audience of the id tokens; the data API accepts no other. */
export const ID_TOKEN_AUDIENCE = 'kindling-api'
export const ID_TOKEN_LIFETIME = '15m'
/** How long a password reset link works, in seconds. */
export const PASSWORD_RESET_LINK_LIFETIME = 60 * 60

/**
 * Origins allowed to call the API with cookies: the server's own and the Capacitor shells'
 * (iOS, Android's https scheme, and its older http scheme). A server that is itself at
 * localhost does not trust `http://localhost`: any page a program serves there is the same site,
 * gets the session cookie and could read the session.
 */
export function trustedOrigins(config: Config): string[] {
  const server = new URL(config.publicUrl)
  const atLocalhost = server.hostname === 'localhost' || server.hostname.endsWith('.localhost')
  return [
    server.origin,
    'capacitor://localhost',
    'https://localhost',
    ...(atLocalhost ? [] : ['http://localhost']),
  ]
}

/**
 * The origin of a page this server served at whatever name its caller reached it by: a LAN name
 * or an address, where `npm start` without PUBLIC_URL knows only localhost. An Origin whose host
 * is the request's own Host is this server, not another site; the session cookie is for that
 * host alone, so another site's page at the same address (a DNS rebinding) has no session to
 * ride on.
 */
export function sameHostOrigin(headers: Headers | undefined): string[] {
  const origin = headers?.get('origin')
  const host = headers?.get('host')
  if (!origin || !host) return []
  try {
    return new URL(origin).host === host.toLowerCase() ? [origin] : []
  } catch {
    return []
  }
}

export function createAuth(options: {
  config: Config
  db: Database
  mailer: Mailer
  logger: Logger
  /** A session was ended (sign-out, password reset, revoked): its id tokens must stop at once. */
  onSessionEnded?: (sessionId: string) => void
  /**
   * Every session of the user ended at once: a password reset, a sign-out everywhere, or a
   * password change that signs out every other device. Their personal API tokens go too
   * (decision 140).
   */
  onSignedOutEverywhere?: (uid: string) => Promise<void>
  /** Who may have an account and a session: sign-up policy, invitations, disabled accounts. */
  gate?: AccountGate
}) {
  const gate = options.gate
  const { config, db, mailer, logger } = options
  const limits = config.authRateLimit
  const sensitive = { window: limits.window, max: limits.max }
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    trustedOrigins: (request) => [...trustedOrigins(config), ...sameHostOrigin(request?.headers)],
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // SPEC §4: a session exists while unverified; the app shows /confirm-email.
      requireEmailVerification: false,
      autoSignIn: true,
      // The link leads straight to the app's page for a new password, which sends the token
      // back with it (better-auth's own redirect hop would need a callback URL in every request).
      sendResetPassword: async ({ user, token }, request) => {
        const url = new URL('/reset-password', config.publicUrl)
        url.searchParams.set('token', token)
        try {
          const language = await languageOfAccount(
            db,
            user.id,
            request?.headers.get('accept-language'),
          )
          await mailer.send(buildPasswordResetMail(user.email, url.toString(), language))
        } catch (error) {
          logger.error({ err: error, to: user.email }, 'sending the password reset e-mail failed')
        }
      },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_LIFETIME,
      // Whoever knew the old password is signed out everywhere, and loses the tokens made then.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => options.onSignedOutEverywhere?.(user.id),
    },
    hooks: {
      before: accountRules,
      // Signing out everywhere, or a password change that signs out every other device, ends the
      // personal API tokens too.
      after: createAuthMiddleware(async (ctx) => {
        const everywhere =
          ctx.path === '/revoke-sessions' ||
          (ctx.path === '/change-password' &&
            (ctx.body as { revokeOtherSessions?: unknown })?.revokeOtherSessions === true)
        if (!everywhere || isAPIError(ctx.context.returned)) return
        const uid = ctx.context.session?.user.id
        if (uid) await options.onSignedOutEverywhere?.(uid)
      }),
    },
    // Every way a session ends (sign-out, a password reset, a revoke) passes here, one call per
    // session: its id tokens stop on this server at once (auth/id-token.ts).
    databaseHooks: {
      session: {
        create: { before: async (session) => gate?.beforeSessionCreate(session) },
        delete: { after: async (session) => options.onSessionEnded?.(session.id) },
      },
      user: {
        create: {
          before: async (user, ctx) => gate?.beforeUserCreate(user, ctx),
          after: async (user, ctx) => gate?.afterUserCreate(user, ctx),
        },
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }, request) => {
        // An invitation for this very address vouched for it already (issue 53).
        if (user.emailVerified) return
        try {
          // A sign-up has no settings yet: the language its app asked in (Accept-Language).
          const language = await languageOfAccount(
            db,
            user.id,
            request?.headers.get('accept-language'),
          )
          await mailer.send(buildVerificationMail(user.email, url, language))
        } catch (error) {
          logger.error({ err: error, to: user.email }, 'sending the verification e-mail failed')
        }
      },
    },
    plugins: [
      jwt({
        jwt: {
          issuer: config.publicUrl,
          audience: ID_TOKEN_AUDIENCE,
          expirationTime: ID_TOKEN_LIFETIME,
          // `sid`: the API refuses the token once its session has ended (auth/id-token.ts).
          definePayload: async ({ user, session }) => ({
            email: user.email,
            emailVerified: user.emailVerified,
            sid: session.id,
            // Only for the app's menu (issue 53): every admin request is checked anew.
            admin: await isAdmin(db, config, {
              uid: user.id,
              email: user.email,
              emailVerified: user.emailVerified,
            }),
          }),
        },
      }),
      bearer(),
      // Single sign-on (issue 53): better-auth's generic OAuth provider, speaking OpenID Connect
      // from the issuer's discovery document, with PKCE, state and nonce. An e-mail counts as
      // verified only when the provider says so, and an existing account is linked only when
      // both the provider and the account say its e-mail is verified (better-auth's defaults,
      // kept: the provider is not "trusted"). The sign-up policy applies through the user hook.
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: config.oidc.button,
                  discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
    rateLimit: {
      // Off by default outside production in better-auth; we always want it (DESIGN §2).
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        // Limited per address in fixed windows by auth/limits.ts (IP_LIMITED, decision 094): better-auth's
        // window restarts with every accepted request, so a steady stream from one address
        // (an office behind one NAT) would stay locked out.
        '/sign-in/*': false,
        '/sign-up/*': false,
        '/send-verification-email': false,
        '/change-password': false,
        '/request-password-reset': false,
        '/reset-password': false,
        // The link of the mail: a token to guess, limited as better-auth does.
        '/reset-password/*': sensitive,
        // Hot, harmless reads: no database write per call for them.
        '/get-session': false,
        '/token': false,
        '/jwks': false,
      },
    },
    advanced: {
      // The HTTP layer replaces this header with the address it trusts (see auth/routes.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth leaves the origin out of its checks when NODE_ENV is 'test': the tests
      // check what a deployment does.
      disableOriginCheck: false,
    },
    // A refused request (wrong password, weak new one, bad token) is the client's doing: logged
    // at debug level, not as a server error; anything else stays an error.
    onAPIError: {
      // A single sign-on that fails before its own error page is known (a wrong state) lands
      // on the app's sign-in page, which says why; better-auth's own error page is not served.
      errorURL: new URL('/signin', config.publicUrl).toString(),
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) {
          logger.debug({ status: error.statusCode, code: error.body?.code }, error.message)
        } else {
          logger.error({ err: error }, 'better-auth failed')
        }
      },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const method = level === 'debug' ? 'debug' : level === 'info' ? 'info' : level
        logger[method]({ args: args.length ? args : undefined }, `better-auth: ${message}`)
      },
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
