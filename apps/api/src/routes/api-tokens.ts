import {
  API_TOKENS_PER_USER_MAX,
  ApiToken,
  ApiTokenInput,
  CreatedApiToken,
  getTokenExpiry,
} from '@kindling/core'
import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { generateApiToken, hashApiToken } from '../auth/api-tokens'
import type { Database } from '../db/client'
import { apiTokens } from '../db/schema'
import { uidOf } from '../http/caller'
import { notFound, validationError } from '../http/errors'
import { jsonResponse } from '../http/openapi'
import { msg } from '../i18n/message'
import {
  deleteErrors,
  IdParams,
  isUuid,
  listErrors,
  NoContent,
  parseBody,
  sessionOnlySecurity as security,
  writeErrors,
} from './common'

const tags = ['tokens']

type Row = typeof apiTokens.$inferSelect

export function toApiToken(row: Row): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }
}

/**
 * The caller's personal API tokens (issue 52, decision 140): made, listed and revoked with a
 * session only (a token cannot make or revoke tokens).
 */
export function registerApiTokenRoutes(
  app: FastifyInstance,
  db: Database,
  clock: () => Date,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/tokens', {
    schema: {
      operationId: 'listApiTokens',
      tags,
      security,
      summary: 'Your personal API tokens',
      description:
        'Each token with its name, scope, creation, expiry and last use, newest first; never the token itself. Expired tokens are listed until revoked.',
      response: { 200: jsonResponse('Your tokens.', z.array(ApiToken)), ...listErrors },
    },
    handler: async (request) => {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, uidOf(request)))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      return rows.map(toApiToken)
    },
  })

  r.post('/api/tokens', {
    schema: {
      operationId: 'createApiToken',
      tags,
      security,
      summary: 'Create a personal API token',
      description: `Makes a token for scripts and other services to send as \`Authorization: Bearer <token>\` to the data API and sync. The answer carries the token once: only its hash is stored. At most ${API_TOKENS_PER_USER_MAX} tokens per account.`,
      body: ApiTokenInput,
      response: {
        201: jsonResponse('Created: the token and, this once, its secret.', CreatedApiToken),
        ...writeErrors,
      },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const input = parseBody(ApiTokenInput, request.body)
      const [held] = await db
        .select({ n: count() })
        .from(apiTokens)
        .where(eq(apiTokens.userId, uid))
      if ((held?.n ?? 0) >= API_TOKENS_PER_USER_MAX) {
        throw validationError({
          name: msg(
            '{max, plural, one {You have # token: revoke it first.} other {You have # tokens: revoke one first.}}',
            { max: API_TOKENS_PER_USER_MAX },
          ),
        })
      }
      const secret = generateApiToken()
      const now = clock()
      const [row] = await db
        .insert(apiTokens)
        .values({
          id: crypto.randomUUID(),
          userId: uid,
          name: input.name,
          scope: input.scope,
          tokenHash: hashApiToken(secret),
          createdAt: now,
          expiresAt: getTokenExpiry(input.expires, now),
        })
        .returning()
      return reply.status(201).send({ token: toApiToken(row as Row), secret })
    },
  })

  r.delete('/api/tokens/:id', {
    schema: {
      operationId: 'revokeApiToken',
      tags,
      security,
      summary: 'Revoke a personal API token',
      description: 'Deletes the token: its next request is refused (401) on every server at once.',
      params: IdParams,
      response: { 204: NoContent, ...deleteErrors },
    },
    handler: async (request, reply) => {
      const { id } = request.params
      if (!isUuid(id)) throw notFound(msg('Token not found.'))
      const removed = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, uidOf(request))))
        .returning({ id: apiTokens.id })
      if (removed.length === 0) throw notFound(msg('Token not found.'))
      return reply.status(204).send(null)
    },
  })
}
