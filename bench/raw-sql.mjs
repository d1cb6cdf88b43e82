// The raw side of the API section's side-by-side (issue 55): the API's own Fastify and `pg`
// (resolved from apps/api), no authentication, no validation, no Drizzle: each route runs the
// query the API's read sends (the same tables, conditions, order and subqueries) on a pool of the
// API's size and answers its rows as JSON. Run as `node raw-sql.mjs <port> <databaseUrl>`;
// listens on loopback only. PostgreSQL only (PGlite is one process's).
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

const require = createRequire(new URL('../apps/api/package.json', import.meta.url))
const { default: Fastify } = await import(pathToFileURL(require.resolve('fastify')).href)
const { default: pg } = await import(pathToFileURL(require.resolve('pg')).href)
const pool = new pg.Pool({ connectionString: process.argv[3], max: 10 })
const app = Fastify({ logger: false })

const TABLES = ['activities', 'attributes', 'groups', 'goals', 'events', 'breaks']
// The feed's six tables after a cursor, one statement: what any answer to a delta must read.
const DELTA = `select ${TABLES.map(
  (table) =>
    `(select coalesce(json_agg(t), '[]') from (select * from ${table} where author = $1 and seq > $2 order by seq limit 1001) t) as ${table}`,
).join(', ')}`

app.get('/raw/delta', async (request) => {
  const { author, since } = request.query
  return (await pool.query(DELTA, [author, since])).rows[0]
})
app.get('/raw/activities', async (request) => {
  const { rows } = await pool.query(
    'select * from activities where author = $1 and deleted_at is null order by coalesce(updated_at, created_at) desc',
    [request.query.author],
  )
  return rows
})
app.get('/raw/events', async (request) => {
  const { author, from, to } = request.query
  const { rows } = await pool.query(
    'select * from events where author = $1 and deleted_at is null and event_date >= $2 and event_date < $3 order by event_date desc, id desc limit 1000',
    [author, from, to],
  )
  return rows
})
app.get('/raw/counts', async (request) => {
  const { rows } = await pool.query(
    `select activity_id, count,
       (select max(event_date) from events e
         where e.author = $1 and e.deleted_at is null and e.activity_id = c.activity_id) as last_event_at
     from event_counts c where c.author = $1 and c.count > 0`,
    [request.query.author],
  )
  return rows
})
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' })
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
)
