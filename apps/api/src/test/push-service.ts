import { execFileSync } from 'node:child_process'
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  createVerify,
  hkdfSync,
  randomBytes,
} from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, createServer } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A message the test push service received and decrypted. */
export interface ReceivedPush {
  path: string
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>
  /** The VAPID `k=` of the Authorization header (the sender's public key). */
  vapidKey: string
  /** The verified claims of the VAPID JWT. */
  claims: { aud: string; sub: string; exp: number }
  ttl: string | undefined
}

/** A browser's push subscription keys, kept by the test to decrypt what it receives. */
export interface TestSubscriber {
  /** The subscription JSON a browser would send (`PushSubscription.toJSON()`). */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  decrypt(body: Buffer): Buffer
}

const b64 = (buffer: Buffer) => buffer.toString('base64url')

/** A subscriber with its own P-256 key pair and auth secret, at `endpoint`. */
export function createSubscriber(endpoint: string): TestSubscriber {
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys()
  const authSecret = randomBytes(16)
  return {
    subscription: { endpoint, keys: { p256dh: b64(publicKey), auth: b64(authSecret) } },
    decrypt: (body) => decryptAes128gcm(body, ecdh, publicKey, authSecret),
  }
}

/**
 * RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm, written from the RFCs
 * and independent of the web-push package that encrypts: header salt(16) | rs(4) | idlen(1) |
 * keyid (the sender's ephemeral public key), then the records.
 */
function decryptAes128gcm(
  body: Buffer,
  ecdh: ReturnType<typeof createECDH>,
  receiverPublic: Buffer,
  authSecret: Buffer,
): Buffer {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body.readUInt8(20)
  const senderPublic = body.subarray(21, 21 + idLength)
  const records = body.subarray(21 + idLength)
  const sharedSecret = ecdh.computeSecret(senderPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic])
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32))
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  )
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  )
  const parts: Buffer[] = []
  for (let offset = 0, index = 0; offset < records.length; offset += recordSize, index += 1) {
    const record = records.subarray(offset, offset + recordSize)
    const iv = Buffer.from(nonce)
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ index) >>> 0, 8)
    const decipher = createDecipheriv('aes-128-gcm', cek, iv)
    decipher.setAuthTag(record.subarray(record.length - 16))
    const plain = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()])
    // Padding: the plaintext, a delimiter (2 in the last record, 1 before), then zeros.
    let end = plain.length - 1
    while (end >= 0 && plain[end] === 0) end -= 1
    parts.push(plain.subarray(0, end))
  }
  return Buffer.concat(parts)
}

/** Verifies an ES256 JWT signed by the uncompressed P-256 public key `key` (base64url). */
function verifyVapidJwt(token: string, key: string): ReceivedPush['claims'] {
  const [header, claims, signature] = token.split('.')
  if (!header || !claims || !signature) throw new Error('not a JWT')
  const raw = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: 'jwk',
  })
  const verifier = createVerify('SHA256')
  verifier.update(`${header}.${claims}`)
  const valid = verifier.verify(
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw new Error('bad VAPID signature')
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'))
}

/**
 * A push service on 127.0.0.1 over HTTPS (a self-signed certificate made with openssl, trusted
 * through `agent`): it answers 201 and decrypts what it gets with the subscribers' keys, or
 * 410 Gone on paths under /gone/.
 */
export async function startPushService() {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-push-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  const cert = readFileSync(join(dir, 'cert.pem'))
  const key = readFileSync(join(dir, 'key.pem'))
  rmSync(dir, { recursive: true, force: true })

  const subscribers = new Map<string, TestSubscriber>()
  const received: ReceivedPush[] = []
  const errors: string[] = []
  // Requests not yet answered, the most seen at once, and answers held back (`hold()`).
  let inFlight = 0
  let maxInFlight = 0
  let holding = false
  const held: (() => void)[] = []
  const watchers: { count: number; resolve: () => void }[] = []
  const server = createServer({ cert, key }, (request, response) => {
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    for (const watcher of watchers.filter((item) => inFlight >= item.count)) {
      watchers.splice(watchers.indexOf(watcher), 1)
      watcher.resolve()
    }
    response.on('close', () => {
      inFlight -= 1
    })
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? ''
      if (path.startsWith('/gone/')) {
        response.writeHead(410).end()
        return
      }
      try {
        const subscriber = subscribers.get(path)
        if (!subscriber) throw new Error(`no subscriber at ${path}`)
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
        const auth = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(request.headers.authorization ?? '')
        if (!auth?.[1] || !auth[2]) throw new Error('no VAPID authorization')
        const plain = subscriber.decrypt(Buffer.concat(chunks))
        received.push({
          path,
          payload: JSON.parse(plain.toString('utf8')),
          vapidKey: auth[2],
          claims: verifyVapidJwt(auth[1], auth[2]),
          ttl: request.headers.ttl as string | undefined,
        })
        if (holding) held.push(() => response.writeHead(201).end())
        else response.writeHead(201).end()
      } catch (error) {
        errors.push(String(error))
        response.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const origin = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  let next = 0
  return {
    origin,
    /** Trusts this service's certificate; pass it to the app as `pushAgent`. */
    agent: new Agent({ ca: cert }),
    received,
    errors,
    /** The most requests this service held unanswered at once since the last `hold()`. */
    get maxInFlight() {
      return maxInFlight
    },
    /** Holds every answer back from now until `release()`. */
    hold() {
      holding = true
      maxInFlight = inFlight
    },
    /** Resolves once `count` requests are unanswered at the same time. */
    whenInFlight(count: number): Promise<void> {
      if (inFlight >= count) return Promise.resolve()
      return new Promise((resolve) => watchers.push({ count, resolve }))
    },
    /** Answers what was held, and every request from now on at once. */
    release() {
      holding = false
      for (const answer of held.splice(0)) answer()
    },
    /** A new browser subscription whose messages this service decrypts. */
    subscribe(): TestSubscriber {
      next += 1
      const subscriber = createSubscriber(`${origin}/push/${next}`)
      subscribers.set(`/push/${next}`, subscriber)
      return subscriber
    },
    /** A subscription the service has forgotten: it answers 410 Gone. */
    goneSubscription(): TestSubscriber {
      next += 1
      return createSubscriber(`${origin}/gone/${next}`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
