import { SignUpPolicy } from '@kindling/core'
import { eq } from 'drizzle-orm'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { instanceSettings } from '../db/schema'

const SETTING = 'sign-up-policy'

/**
 * Who may create an account: SIGNUP_POLICY when set (it locks the choice), else what the admin
 * chose on /admin, else 'open' (an instance starts open, so that its first account, the admin,
 * can be made).
 */
export async function readSignUpPolicy(db: Database, config: Config): Promise<SignUpPolicy> {
  if (config.signUpPolicy) return config.signUpPolicy
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.name, SETTING))
  const parsed = SignUpPolicy.safeParse(row?.value)
  return parsed.success ? parsed.data : 'open'
}

export async function writeSignUpPolicy(db: Database, policy: SignUpPolicy): Promise<void> {
  await db
    .insert(instanceSettings)
    .values({ name: SETTING, value: policy })
    .onConflictDoUpdate({
      target: instanceSettings.name,
      set: { value: policy, updatedAt: new Date() },
    })
}
