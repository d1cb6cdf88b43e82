import {
  AdminUser,
  AdminUserList,
  CreatedInvitation,
  INVITATION_LIFETIME_DAYS,
  InstanceFacts,
  InvitationInput,
  InvitationList,
  KINDLING_API_VERSION,
  SignUpPolicyInput,
  TestEmailInput,
  TestEmailResult,
} from '@kindling/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ApiTokenVerifier } from '../auth/api-tokens'
import type { Auth } from '../auth/auth'
import type { IdTokenVerifier } from '../auth/id-token'
import type { SessionsEnded } from '../auth/sessions-ended'
import type { BackupService } from '../backup/backups'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { user } from '../db/schema'
import { createCallerHook, uidOf } from '../http/caller'
import { HttpError, notFound, translatedErrorBody, validationError } from '../http/errors'
import { errorResponse, jsonResponse } from '../http/openapi'
import { languageOfAccount } from '../i18n/account-language'
import { msg } from '../i18n/message'
import { readSignUpPolicy, writeSignUpPolicy } from '../instance/sign-up-policy'
import { SERVER_VERSION } from '../instance/version'
import type { Mailer } from '../mail/mailer'
import {
  bodyObject,
  E400,
  E401,
  E413,
  E415,
  E503,
  NoContent,
  parseBody,
  security,
} from '../routes/common'
import {
  createInvitation,
  invitationUrl,
  listInvitations,
  revokeInvitation,
  toInvitation,
} from './invitations'
import { buildInvitationMail, buildTestMail } from './mails'
import { deleteUser, disableUser, emailOf, enableUser, isAdmin, listUsers } from './users'

const tags = ['admin']

const E403 = errorResponse(
  'Not an administrator of this server (`not-admin`), or the e-mail is not verified yet.',
)
const E404 = errorResponse('No such account or invitation (`not-found`).')
/** Every admin operation can answer these. */
const always = { 401: E401, 403: E403, 503: E503 }
const noBody = { ...always, 400: errorResponse('A body was sent and is not valid JSON.') }
const withBody = { ...always, 400: E400, 413: E413, 415: E415 }

const UserParams = z.object({ id: z.string().max(100).describe('The account id.') })
const InvitationParams = z.object({ id: z.string().max(100).describe('The invitation id.') })
const Sent = z.object({ sent: z.literal(true) })

export interface AdminDependencies {
  db: Database
  config: Config
  auth: Auth
  mailer: Mailer
  verifier: IdTokenVerifier
  /** Personal API tokens: refused on every admin route (they are not in its security). */
  apiTokens: ApiTokenVerifier
  sessionsEnded: SessionsEnded
  database: 'pglite' | 'postgres'
  clock: () => Date
  /** Notes each caller as active (admin/users.ts). */
  onCaller: (uid: string) => void
  /** The automatic backups, whose facts the admin page shows (decision 132). */
  backups: Pick<BackupService, 'facts'>
}

/**
 * /api/admin (issue 53): the accounts, the sign-up policy, invitations and the instance's
 * facts, for its administrators only; anyone else gets 403 and no data.
 */
export async function registerAdminRoutes(app: FastifyInstance, deps: AdminDependencies) {
  const { db, config, mailer, clock } = deps
  await app.register(async (scope) => {
    scope.addHook('onRequest', createCallerHook(deps.verifier, deps.apiTokens))
    scope.addHook('onRequest', async (request) => {
      const caller = request.caller
      if (!caller || !(await isAdmin(db, config, caller))) {
        throw new HttpError(
          403,
          'not-admin',
          msg('Only an administrator of this server can do this.'),
        )
      }
      deps.onCaller(caller.uid)
    })
    const r = scope.withTypeProvider<ZodTypeProvider>()

    /** The account the admin acts on, never the admin's own (they would lock themselves out). */
    const otherAccount = (request: FastifyRequest, id: string) => {
      if (id === uidOf(request)) {
        throw new HttpError(400, 'own-account', msg('You cannot do this to your own account.'))
      }
      return id
    }
    const oneUser = async (id: string) => {
      const [found] = await listUsers(db, config, { id })
      if (!found) throw notFound(msg('Account not found.'))
      return found
    }

    r.get('/api/admin/users', {
      schema: {
        operationId: 'listUsers',
        tags,
        security,
        summary: 'Every account',
        description:
          'Every account of this server, oldest first: e-mail, verified, created, last active, number of events, disabled, admin.',
        response: { 200: jsonResponse('The accounts.', AdminUserList), ...always },
      },
      handler: async () => ({ users: await listUsers(db, config) }),
    })

    r.post('/api/admin/users/:id/disable', {
      schema: {
        operationId: 'disableUser',
        tags,
        security,
        summary: 'Disable an account',
        description:
          'Ends every session of the account at once (its id tokens stop working on every server) and refuses its sign-ins, saying the account is disabled. Its data stays.',
        params: UserParams,
        response: {
          200: jsonResponse('Disabled.', AdminUser),
          ...noBody,
          400: errorResponse('Your own account (`own-account`), or a body that is not JSON.'),
          404: E404,
        },
      },
      handler: async (request) => {
        const id = otherAccount(request, request.params.id)
        if (!(await disableUser(db, id, clock()))) throw notFound(msg('Account not found.'))
        await deps.sessionsEnded.publish(id)
        return oneUser(id)
      },
    })

    r.post('/api/admin/users/:id/enable', {
      schema: {
        operationId: 'enableUser',
        tags,
        security,
        summary: 'Enable an account again',
        description: 'The account may sign in again.',
        params: UserParams,
        response: {
          200: jsonResponse('Enabled.', AdminUser),
          ...noBody,
          400: errorResponse('Your own account (`own-account`), or a body that is not JSON.'),
          404: E404,
        },
      },
      handler: async (request) => {
        const id = otherAccount(request, request.params.id)
        if (!(await enableUser(db, id))) throw notFound(msg('Account not found.'))
        return oneUser(id)
      },
    })

    r.post('/api/admin/users/:id/password-reset', {
      schema: {
        operationId: 'sendPasswordReset',
        tags,
        security,
        summary: 'Send a password reset link',
        description:
          "Mails the account a link to choose a new password (valid one hour), as 'Forgot password?' does.",
        params: UserParams,
        response: { 200: jsonResponse('Mailed.', Sent), ...noBody, 404: E404 },
      },
      handler: async (request) => {
        const email = await emailOf(db, request.params.id)
        if (!email) throw notFound(msg('Account not found.'))
        await deps.auth.api.requestPasswordReset({
          body: { email, redirectTo: '/reset-password' },
        })
        return { sent: true as const }
      },
    })

    r.delete('/api/admin/users/:id', {
      schema: {
        operationId: 'deleteUser',
        tags,
        security,
        summary: 'Delete an account and all its data',
        description:
          'Deletes the account and everything of it (habits, events, goals, reminders, sessions, settings...) for good. Its id tokens stop working at once on every server.',
        params: UserParams,
        response: {
          204: NoContent.describe('Deleted.'),
          ...noBody,
          400: errorResponse('Your own account (`own-account`), or a body that is not JSON.'),
          404: E404,
        },
      },
      handler: async (request, reply) => {
        const id = otherAccount(request, request.params.id)
        if (!(await deleteUser(db, id))) throw notFound(msg('Account not found.'))
        await deps.sessionsEnded.publish(id)
        return reply.status(204).send(null)
      },
    })

    const facts = async (): Promise<InstanceFacts> => ({
      version: SERVER_VERSION,
      apiVersion: KINDLING_API_VERSION,
      database: deps.database,
      mail: { kind: config.smtpUrl ? 'smtp' : 'outbox', from: config.mailFrom },
      publicUrl: config.publicUrl,
      signUpPolicy: await readSignUpPolicy(db, config),
      signUpPolicyLocked: config.signUpPolicy !== undefined,
      oidc: config.oidc ? { issuer: config.oidc.issuer, button: config.oidc.button } : null,
      users: await db.$count(user),
      backups: await deps.backups.facts(),
    })

    r.get('/api/admin/instance', {
      schema: {
        operationId: 'getInstanceFacts',
        tags,
        security,
        summary: "The server's facts",
        description:
          'Version, database kind, how e-mail goes out, the sign-up policy (and whether SIGNUP_POLICY locks it), single sign-on, the number of accounts.',
        response: { 200: jsonResponse('The facts.', InstanceFacts), ...always },
      },
      handler: facts,
    })

    r.put('/api/admin/sign-up-policy', {
      schema: {
        operationId: 'setSignUpPolicy',
        tags,
        security,
        summary: 'Choose who may create an account',
        description:
          '`open`: anyone; `invite-only`: holders of an invitation link; `closed`: nobody. Refused (400 `policy-locked`) when the SIGNUP_POLICY variable sets it.',
        body: SignUpPolicyInput,
        response: {
          200: jsonResponse('The facts, with the new policy.', InstanceFacts),
          ...withBody,
          400: errorResponse(
            'An unknown policy (`validation-failed`), or SIGNUP_POLICY sets it (`policy-locked`).',
          ),
        },
      },
      handler: async (request) => {
        const { policy } = parseBody(SignUpPolicyInput, bodyObject(request.body))
        if (config.signUpPolicy) {
          throw new HttpError(
            400,
            'policy-locked',
            msg('The SIGNUP_POLICY variable sets the sign-up policy of this server.'),
            { policy: msg('Set by SIGNUP_POLICY.') },
          )
        }
        await writeSignUpPolicy(db, policy)
        return facts()
      },
    })

    r.post('/api/admin/test-email', {
      schema: {
        operationId: 'sendTestEmail',
        tags,
        security,
        summary: 'Send a test e-mail',
        description:
          'Sends a short message, to your own address unless `to` names another, the way every e-mail of the server goes (SMTP, or the dev outbox).',
        body: TestEmailInput,
        response: {
          200: jsonResponse('Sent (or written to the outbox).', TestEmailResult),
          ...withBody,
          502: errorResponse('The mail server refused or could not be reached (`mail-failed`).'),
        },
      },
      handler: async (request, reply) => {
        const input = parseBody(TestEmailInput, bodyObject(request.body))
        const to = input.to ?? request.caller?.email ?? ''
        try {
          const language = await languageOfAccount(
            db,
            uidOf(request),
            request.headers['accept-language'],
          )
          await mailer.send(buildTestMail(to, config.publicUrl, language))
        } catch (error) {
          request.log.warn({ err: error }, 'the test e-mail failed')
          const why = error instanceof Error ? error.message : String(error)
          return reply
            .status(502)
            .send(
              translatedErrorBody(
                request,
                'mail-failed',
                msg('The e-mail could not be sent: {why}', { why }),
              ),
            )
        }
        return { to, kind: config.smtpUrl ? ('smtp' as const) : ('outbox' as const) }
      },
    })

    r.get('/api/admin/invitations', {
      schema: {
        operationId: 'listInvitations',
        tags,
        security,
        summary: 'The invitations',
        description:
          'The newest 100 invitations, pending, used or expired (their links are not kept).',
        response: { 200: jsonResponse('The invitations.', InvitationList), ...always },
      },
      handler: async () => {
        const now = clock()
        return { invitations: (await listInvitations(db)).map((row) => toInvitation(row, now)) }
      },
    })

    r.post('/api/admin/invitations', {
      schema: {
        operationId: 'createInvitation',
        tags,
        security,
        summary: 'Invite someone',
        description: `Makes an invitation link: one account may be created with it, within ${INVITATION_LIFETIME_DAYS} days, also while sign-up is 'Invite only'. With \`email\`, only that address may use it, and its e-mail counts as verified; with \`send\`, the link is mailed there.`,
        body: InvitationInput,
        response: {
          201: jsonResponse('The invitation and its link (shown only now).', CreatedInvitation),
          ...withBody,
          502: errorResponse(
            'Made, but the e-mail could not be sent (`mail-failed`); the link is in `fields.url`.',
          ),
        },
      },
      handler: async (request, reply) => {
        const input = parseBody(InvitationInput, bodyObject(request.body))
        if (input.send && !input.email) {
          throw validationError({ email: msg('Give the address to send the invitation to.') })
        }
        const now = clock()
        const { row, token } = await createInvitation(db, {
          author: uidOf(request),
          email: input.email ?? null,
          now,
        })
        const url = invitationUrl(config.publicUrl, token)
        if (input.send && row.email) {
          try {
            // The invitee has no language yet: the inviting admin's is the best known.
            const language = await languageOfAccount(
              db,
              uidOf(request),
              request.headers['accept-language'],
            )
            await mailer.send(
              buildInvitationMail(row.email, url, INVITATION_LIFETIME_DAYS, language),
            )
          } catch (error) {
            request.log.warn({ err: error }, 'the invitation e-mail failed')
            // The link itself, in `fields.url`, is no text: the admin passes it on by hand.
            const body = translatedErrorBody(
              request,
              'mail-failed',
              msg('The invitation was made, but its e-mail could not be sent.'),
            )
            return reply.status(502).send({ error: { ...body.error, fields: { url } } })
          }
        }
        return reply
          .status(201)
          .send({ ...toInvitation(row, now), url, sent: Boolean(input.send && row.email) })
      },
    })

    r.delete('/api/admin/invitations/:id', {
      schema: {
        operationId: 'revokeInvitation',
        tags,
        security,
        summary: 'Withdraw an invitation',
        description: 'Its link stops working. A used invitation cannot be withdrawn (404).',
        params: InvitationParams,
        response: { 204: NoContent.describe('Withdrawn.'), ...noBody, 404: E404 },
      },
      handler: async (request, reply) => {
        const { id } = request.params
        const uuid = /^[0-9a-f-]{36}$/i.test(id)
        if (!uuid || !(await revokeInvitation(db, id))) throw notFound(msg('Invitation not found.'))
        return reply.status(204).send(null)
      },
    })
  })
}
