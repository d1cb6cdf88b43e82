// The ceiling of the API load section: the API's own Fastify (resolved from apps/api) with one
// route returning a constant JSON body. Run as `node ceiling.mjs <port>`; listens on loopback only.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

const require = createRequire(new URL('../apps/api/package.json', import.meta.url))
const { default: Fastify } = await import(pathToFileURL(require.resolve('fastify')).href)
const app = Fastify({ logger: false })
const body = { status: 'ok', product: 'Kindling', items: [1, 2, 3] }
app.get('/ceiling', async () => body)
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' })
process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
