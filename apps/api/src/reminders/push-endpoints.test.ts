import { get } from 'node:https'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { startPushService } from '../test/push-service'
import {
  isPublicAddress,
  publicOnlyAgent,
  publicOnlyLookup,
  pushEndpointProblem,
} from './push-endpoints'
import { createPushSender } from './push-sender'

describe('isPublicAddress', () => {
  it('refuses this machine, private, link-local, shared and multicast addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.251',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  it('accepts addresses on the internet', () => {
    for (const address of ['142.250.74.106', '172.32.0.1', '8.8.8.8', '2a00:1450:4001::200e']) {
      expect(isPublicAddress(address), address).toBe(true)
    }
  })
})

describe('pushEndpointProblem', () => {
  it("accepts the browsers' push services", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGZ',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBeUndefined()
    }
  })

  it('refuses addresses, ports and names of this machine or its network', () => {
    for (const endpoint of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://8.8.8.8/x',
      'https://localhost/x',
      'https://push.localhost/x',
      'https://intranet/x',
      'https://nas.local/x',
      'https://kindling.lan/x',
      'https://fcm.googleapis.com:5432/x',
      'http://fcm.googleapis.com/x',
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBeDefined()
    }
  })
})

describe('the Web Push connection', () => {
  let service: Awaited<ReturnType<typeof startPushService>>
  beforeAll(async () => {
    service = await startPushService()
  })
  afterAll(async () => {
    await service.close()
  })

  it('resolves no name to an address that is not public (a name can point anywhere)', async () => {
    const lookedUp = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (error) => resolve(error)),
    )
    expect(lookedUp?.code).toBe('EPUSHNOTPUBLIC')
    const port = new URL(service.origin).port
    const connected = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      get(`https://localhost:${port}/push/1`, { agent: publicOnlyAgent() }, () =>
        resolve(undefined),
      )
        .on('error', resolve)
        .end()
    })
    expect(connected?.code).toBe('EPUSHNOTPUBLIC')
  })

  it('sends nothing to a stored endpoint that breaks the rules, and has it removed', async () => {
    const options = {
      vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.com' },
      logger: pino({ level: 'silent' }),
    }
    const { subscription } = service.subscribe()
    const target = { endpoint: subscription.endpoint, ...subscription.keys }
    const message = {
      type: 'reminder' as const,
      reminderId: 'r',
      activityId: 'a',
      title: 'Read',
      body: '',
      day: '2026-11-28',
      url: '/',
    }
    expect(await createPushSender(options).send(target, message)).toBe('gone')
    expect(service.received).toHaveLength(0)
    // The same endpoint as a test's own service is reached.
    expect(await createPushSender({ ...options, testService: service }).send(target, message)).toBe(
      'sent',
    )
    expect(service.received).toHaveLength(1)
  })
})
