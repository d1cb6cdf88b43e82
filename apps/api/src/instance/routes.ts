import {
  InstanceInfo,
  InvitationCheck,
  KINDLING_API_VERSION,
  PRODUCT_NAME,
  type SignInMethod,
} from '@kindling/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { checkInvitation } from '../admin/invitations'
import { type Config, OIDC_PROVIDER_ID } from '../config'
import type { Database } from '../db/client'
import { errorResponse, jsonResponse, publicSecurity } from '../http/openapi'
import { readSignUpPolicy } from './sign-up-policy'
import { SERVER_VERSION } from './version'

const tags = ['instance']

/**
 * What the server says of itself to anyone (issue 53): the native apps check an address with
 * it ('Your Kindling server'), and the sign-in and sign-up pages read what they offer from it.
 */
export function registerInstanceRoutes(
  app: FastifyInstance,
  options: { db: Database; config: Config; clock: () => Date },
): void {
  const { db, config } = options
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/instance', {
    schema: {
      operationId: 'getInstance',
      tags,
      security: publicSecurity,
      summary: 'This server',
      description:
        'Public: that this is a Kindling server, its version and API version, who may create an account, and how accounts sign in.',
      response: {
        200: jsonResponse('This server.', InstanceInfo),
        '4xx': errorResponse('A client error (none is expected: the operation takes no input).'),
      },
    },
    handler: async (_request, reply) => {
      const methods: SignInMethod[] = config.oidc ? ['password', 'oidc'] : ['password']
      // Never answered from a cache: a policy the admin changes shows at once.
      reply.header('cache-control', 'no-cache')
      return {
        product: 'kindling' as const,
        name: PRODUCT_NAME,
        version: SERVER_VERSION,
        apiVersion: KINDLING_API_VERSION,
        signUpPolicy: await readSignUpPolicy(db, config),
        signInMethods: methods,
        oidc: config.oidc ? { providerId: OIDC_PROVIDER_ID, button: config.oidc.button } : null,
      }
    },
  })

  r.get('/api/invitations/:token', {
    schema: {
      operationId: 'checkInvitation',
      tags,
      security: publicSecurity,
      summary: 'Whether an invitation link works',
      description:
        'Public: whether the invitation of a link is valid, used, expired or unknown, and the e-mail address it is for, if any. Nothing is spent.',
      params: z.object({
        token: z.string().min(1).max(200).describe('The `invitation` of the link.'),
      }),
      response: {
        200: jsonResponse('What the link is worth.', InvitationCheck),
        '4xx': errorResponse('A token that is too long (`validation-failed`).'),
      },
    },
    handler: async (request) => checkInvitation(db, request.params.token, options.clock()),
  })
}
