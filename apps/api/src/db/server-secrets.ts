import { eq } from 'drizzle-orm'
import type { Config } from '../config'
import type { Database } from './client'
import { serverSecrets } from './schema'

/**
 * The secrets this node generated, exchanged for the ones every node on the database uses
 * (decision 112): the first node to start stores its own, the others adopt it. Nodes started
 * together from their own DATA_DIR (or from one, each generating before the other wrote) would
 * otherwise each sign sessions and encrypt the id-token keys with a secret of their own, and a
 * session made on one node would fail on the next. Configured secrets are left as they are.
 */
export async function agreeOnGeneratedSecrets(db: Database, config: Config): Promise<Config> {
  const { generatedSecrets: generated } = config
  const authSecret = generated.authSecret
    ? await shared(db, 'auth-secret', config.authSecret)
    : config.authSecret
  if (!generated.vapid) return { ...config, authSecret }
  const { subject, ...keys } = config.vapid
  const vapid = JSON.parse(await shared(db, 'vapid-keys', JSON.stringify(keys))) as typeof keys
  return { ...config, authSecret, vapid: { ...vapid, subject } }
}

/** The stored value of `name`, storing `candidate` first when there is none. */
async function shared(db: Database, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing()
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
  return row?.value ?? candidate
}
