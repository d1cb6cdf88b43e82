import { PRODUCT_NAME } from '@kindling/core'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { bearer } from 'better-auth/plugins/bearer'
import { jwt } from 'better-auth/plugins/jwt'
import type { Logger } from 'pino'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { authSchema } from '../db/schema'
import { buildVerificationMail, type Mailer } from '../mail/mailer'

/** Audience of the id tokens; the data API accepts no other. */
export const ID_TOKEN_AUDIENCE = 'kindling-api'
export const ID_TOKEN_LIFETIME = '15m'

/** Origins allowed to call the auth routes with cookies (web) and the Capacitor shells. */
export function trustedOrigins(config: Config): string[] {
  return [
    new URL(config.publicUrl).origin,
    'capacitor://localhost',
    'https://localhost',
    'http://localhost',
  ]
}

export function createAuth(options: {
  config: Config
  db: Database
  mailer: Mailer
  logger: Logger
}) {
  const { config, db, mailer, logger } = options
  const limits = config.authRateLimit
  const sensitive = { window: limits.window, max: limits.max }
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // SPEC §4: a session exists while unverified; the app shows /confirm-email.
      requireEmailVerification: false,
      autoSignIn: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        try {
          await mailer.send(buildVerificationMail(user.email, url))
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
          definePayload: ({ user }) => ({
            email: user.email,
            emailVerified: user.emailVerified,
          }),
        },
      }),
      bearer(),
    ],
    rateLimit: {
      // Off by default outside production in better-auth; we always want it (DESIGN §2).
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/*': sensitive,
        '/sign-up/*': sensitive,
        '/send-verification-email': sensitive,
        '/change-password': sensitive,
        '/request-password-reset': sensitive,
        // Hot, harmless reads: no database write per call for them.
        '/get-session': false,
        '/token': false,
        '/jwks': false,
      },
    },
    advanced: {
      // The HTTP layer replaces this header with the address it trusts (see auth/routes.ts).
      ipAddress: { ipAddressHeaders: ['x-kindling-client-ip'] },
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
