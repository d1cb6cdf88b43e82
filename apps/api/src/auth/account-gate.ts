import { APIError, getOAuthState } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import {
  hashInvitationToken,
  recordInvitationUser,
  type SpendResult,
  spendInvitation,
} from '../admin/invitations'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { invitations, user, userStatus } from '../db/schema'
import { readSignUpPolicy } from '../instance/sign-up-policy'

/*
 * Who may have an account and a session (issue 53), enforced inside better-auth's own user and
 * session creation, so that every way in (e-mail sign-up, single sign-on, a verification link
 * that signs in) passes the same checks whatever the client.
 */

/** Refusals of a sign-up, as better-auth errors (`{ code, message }`, 403). */
export const SIGN_UP_REFUSALS = {
  closed: {
    code: 'SIGN_UP_CLOSED',
    message: 'This server does not take new accounts.',
  },
  'invitation-required': {
    code: 'INVITATION_REQUIRED',
    message:
      'This server takes new accounts by invitation only. Ask its administrator for an invitation link.',
  },
  unknown: {
    code: 'INVITATION_INVALID',
    message: 'This invitation link is not valid. Ask for a new one.',
  },
  used: {
    code: 'INVITATION_USED',
    message: 'This invitation link has been used already. Ask for a new one.',
  },
  expired: {
    code: 'INVITATION_EXPIRED',
    message: 'This invitation link has expired. Ask for a new one.',
  },
  'other-email': {
    code: 'INVITATION_FOR_ANOTHER_EMAIL',
    message: 'This invitation is for another e-mail address.',
  },
} as const

export const ACCOUNT_DISABLED = {
  code: 'ACCOUNT_DISABLED',
  message: 'This account has been disabled by the administrator of this server.',
}

/** The invitation a sign-up brings: in the body of an e-mail sign-up, or in an OAuth state. */
async function invitationOf(ctx: unknown): Promise<string | undefined> {
  const body = (ctx as { body?: Record<string, unknown> } | null)?.body
  if (typeof body?.invitation === 'string' && body.invitation) return body.invitation
  const state = (await getOAuthState().catch(() => null)) as Record<string, unknown> | null
  return typeof state?.invitation === 'string' && state.invitation ? state.invitation : undefined
}

async function hasNoAccountYet(db: Database): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).limit(1)
  return rows.length === 0
}

export function createAccountGate(options: { db: Database; config: Config; clock: () => Date }) {
  const { db, config } = options

  /** Whether an account with this e-mail may always be made: an admin's, or the very first. */
  async function isFounding(email: string): Promise<boolean> {
    if (config.adminEmails.length > 0) return config.adminEmails.includes(email.toLowerCase())
    return hasNoAccountYet(db)
  }

  return {
    /**
     * Before a user is stored: the sign-up policy, and the invitation it brings (spent here, at
     * most once). An invitation for this very address makes the e-mail verified.
     */
    async beforeUserCreate(
      candidate: { email: string; emailVerified: boolean } & Record<string, unknown>,
      ctx: unknown,
    ) {
      const policy = await readSignUpPolicy(db, config)
      const token = await invitationOf(ctx)
      if (await isFounding(candidate.email)) {
        // The admin's own account needs no invitation; one it brings anyway is left unspent.
        return { data: candidate }
      }
      if (policy === 'closed') throw new APIError('FORBIDDEN', SIGN_UP_REFUSALS.closed)
      let spent: SpendResult | undefined
      if (token) spent = await spendInvitation(db, token, candidate.email, options.clock())
      if (policy === 'invite-only') {
        if (!spent) throw new APIError('FORBIDDEN', SIGN_UP_REFUSALS['invitation-required'])
        if (!spent.ok) throw new APIError('FORBIDDEN', SIGN_UP_REFUSALS[spent.reason])
      }
      // Open: a working invitation still vouches for its address; a broken one changes nothing.
      const vouched = spent?.ok === true && spent.boundEmail
      return { data: { ...candidate, emailVerified: candidate.emailVerified || vouched } }
    },

    /** After a user is stored: the invitation it spent names it. */
    async afterUserCreate(created: { id: string }, ctx: unknown) {
      const token = await invitationOf(ctx)
      if (!token) return
      const [row] = await db
        .select({ id: invitations.id, usedBy: invitations.usedBy })
        .from(invitations)
        .where(eq(invitations.tokenHash, hashInvitationToken(token)))
      if (row && !row.usedBy) await recordInvitationUser(db, row.id, created.id)
    },

    /** Before a session is made: a disabled account gets none (sign-in refused, with why). */
    async beforeSessionCreate(session: { userId: string }) {
      const [status] = await db
        .select({ disabledAt: userStatus.disabledAt })
        .from(userStatus)
        .where(eq(userStatus.userId, session.userId))
      if (status?.disabledAt) throw new APIError('FORBIDDEN', ACCOUNT_DISABLED)
    },
  }
}

export type AccountGate = ReturnType<typeof createAccountGate>
