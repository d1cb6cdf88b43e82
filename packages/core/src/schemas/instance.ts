import { z } from 'zod'

/*
 * A self-hosted server (issue 53): what it says of itself to any app, and what its admin
 * reads and changes.
 */

/** Who may create an account: anyone, holders of an invitation, or nobody. */
export const SIGN_UP_POLICIES = ['open', 'invite-only', 'closed'] as const
export const SignUpPolicy = z.enum(SIGN_UP_POLICIES)
export type SignUpPolicy = z.infer<typeof SignUpPolicy>

/** The policies as the admin page and the sign-up page name them. */
export const SIGN_UP_POLICY_LABELS: Record<SignUpPolicy, string> = {
  open: 'Open',
  'invite-only': 'Invite only',
  closed: 'Closed',
}

/** How accounts sign in here: e-mail and password, and an OpenID Connect provider if set up. */
export const SignInMethod = z.enum(['password', 'oidc'])
export type SignInMethod = z.infer<typeof SignInMethod>

/** `GET /api/instance`: public, so an app can tell a Kindling server and its version apart. */
export const InstanceInfo = z.object({
  product: z.literal('kindling').describe('Always `kindling`: this is a Kindling server.'),
  name: z.string().describe('The name the server goes by.'),
  version: z.string().describe('The Kindling release the server runs, e.g. `1.0.0`.'),
  apiVersion: z
    .number()
    .int()
    .positive()
    .describe('The version of this HTTP API; an app refuses a server outside its range.'),
  signUpPolicy: SignUpPolicy.describe('Who may create an account.'),
  signInMethods: z.array(SignInMethod).describe('How accounts sign in.'),
  oidc: z
    .object({
      providerId: z.string().describe('The provider to name in POST /api/auth/sign-in/social.'),
      button: z.string().describe("The sign-in button's label, e.g. 'Sign in with Authentik'."),
    })
    .nullable()
    .describe('Single sign-on with OpenID Connect, when the server has it.'),
})
export type InstanceInfo = z.infer<typeof InstanceInfo>

/** An account as the admin's list shows it. */
export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string().describe('When the account was made (ISO 8601).'),
  lastActiveAt: z
    .string()
    .nullable()
    .describe('When it last used the data API or signed in (ISO 8601), if ever.'),
  events: z.number().int().min(0).describe('Its events, deleted ones left out.'),
  disabled: z.boolean().describe('Disabled accounts cannot sign in.'),
  admin: z.boolean().describe('Whether the account is an admin of this server.'),
})
export type AdminUser = z.infer<typeof AdminUser>

export const AdminUserList = z.object({ users: z.array(AdminUser) })
export type AdminUserList = z.infer<typeof AdminUserList>

/** What the admin page says of the server itself. */
export const InstanceFacts = z.object({
  version: z.string(),
  apiVersion: z.number().int(),
  database: z.enum(['pglite', 'postgres']).describe('Embedded PGlite, or a PostgreSQL server.'),
  mail: z.object({
    kind: z
      .enum(['smtp', 'outbox'])
      .describe('`smtp`: e-mails are sent; `outbox`: written under DATA_DIR/outbox and logged.'),
    from: z.string().describe('The sender of the e-mails.'),
  }),
  publicUrl: z.string().describe('The address e-mail links use.'),
  signUpPolicy: SignUpPolicy,
  signUpPolicyLocked: z
    .boolean()
    .describe('True when SIGNUP_POLICY sets the policy: it cannot be changed here then.'),
  oidc: z.object({ issuer: z.string(), button: z.string() }).nullable(),
  users: z.number().int().min(0),
  backups: z
    .object({
      enabled: z.boolean().describe('Off when BACKUP_INTERVAL is 0.'),
      directory: z.string().optional().describe('Where this node writes its backups.'),
      intervalSeconds: z.number().int().optional(),
      keep: z.number().int().optional(),
      last: z
        .object({ at: z.string(), file: z.string(), bytes: z.number(), node: z.string() })
        .nullable()
        .optional()
        .describe('The newest backup any node wrote (its file is on that node).'),
      lastFailure: z
        .object({ at: z.string(), error: z.string(), node: z.string() })
        .nullable()
        .optional()
        .describe('The newest failed backup, when newer than the last good one.'),
    })
    .describe('The automatic backups of the whole instance (decision 132).'),
})
export type InstanceFacts = z.infer<typeof InstanceFacts>

export const SignUpPolicyInput = z.object({ policy: SignUpPolicy })
export type SignUpPolicyInput = z.infer<typeof SignUpPolicyInput>

/** How long an invitation link works. */
export const INVITATION_LIFETIME_DAYS = 7

export const InvitationInput = z.object({
  email: z
    .email('Enter a valid e-mail address.')
    .max(254)
    .nullable()
    .optional()
    .describe('Only this address may use the invitation (its e-mail is then taken as verified).'),
  send: z.boolean().optional().describe('Also e-mail the link to `email` (which must be given).'),
})
export type InvitationInput = z.infer<typeof InvitationInput>

export const InvitationStatus = z.enum(['pending', 'used', 'expired'])
export type InvitationStatus = z.infer<typeof InvitationStatus>

export const Invitation = z.object({
  id: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  status: InvitationStatus,
})
export type Invitation = z.infer<typeof Invitation>

/** A new invitation with its link: the only time the link is shown. */
export const CreatedInvitation = Invitation.extend({
  url: z.string().describe('The link to hand over: /create-account?invitation=<token>.'),
  sent: z.boolean().describe('Whether the link was e-mailed.'),
})
export type CreatedInvitation = z.infer<typeof CreatedInvitation>

export const InvitationList = z.object({ invitations: z.array(Invitation) })

/** `GET /api/invitations/{token}`: whether a link still works, for the sign-up page. */
export const InvitationCheck = z.object({
  status: z.enum(['valid', 'used', 'expired', 'unknown']),
  email: z.string().nullable().describe('The address it is for, when it names one.'),
  expiresAt: z.string().nullable(),
})
export type InvitationCheck = z.infer<typeof InvitationCheck>

export const TestEmailInput = z.object({
  to: z.email().max(254).optional().describe("Where to send it; default: the admin's address."),
})

export const TestEmailResult = z.object({
  to: z.string(),
  kind: z.enum(['smtp', 'outbox']),
})
