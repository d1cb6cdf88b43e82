import { describe, expect, it } from 'vitest'
import { publicOnlyLookup } from '../reminders/push-endpoints'
import { lookupFor, webhookUrlProblem } from './urls'

describe('webhook URLs (decision 142)', () => {
  it('takes https URLs of named public hosts on their own port', () => {
    for (const url of [
      'https://hooks.example.com/kindling',
      'https://example.com',
      'https://my-ha.ui.nabu.casa/api/webhook/abc?x=1',
    ]) {
      expect(webhookUrlProblem(url, []), url).toBeUndefined()
    }
  })

  it('refuses addresses, ports, local names, plain http and credentials', () => {
    for (const url of [
      'http://hooks.example.com/x',
      'https://192.168.1.10/x',
      'https://[fd00::1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://2130706433/x',
      'https://localhost/x',
      'https://app.localhost/x',
      'https://nas.local/x',
      'https://router.home.arpa/x',
      'https://db.internal/x',
      'https://intranet/x',
      'https://hooks.example.com.:444/x',
      'https://a:b@hooks.example.com/x',
      'gopher://hooks.example.com/x',
    ]) {
      expect(webhookUrlProblem(url, []), url).toBeDefined()
    }
  })

  it("lets the operator's allowed hosts through, over http and on any port, and only them", () => {
    const allowed = ['homeassistant.local', '192.168.1.5']
    expect(
      webhookUrlProblem('http://homeassistant.local:8123/api/webhook/x', allowed),
    ).toBeUndefined()
    expect(webhookUrlProblem('https://HomeAssistant.local./x', allowed)).toBeUndefined()
    expect(webhookUrlProblem('http://192.168.1.5:8080/', allowed)).toBeUndefined()
    expect(webhookUrlProblem('http://192.168.1.6:8080/', allowed)).toBeDefined()
    expect(webhookUrlProblem('ftp://homeassistant.local/', allowed)).toBeDefined()
    expect(lookupFor(new URL('https://hooks.example.com/'), allowed)).toBe(publicOnlyLookup)
    expect(lookupFor(new URL('http://homeassistant.local/'), allowed)).not.toBe(publicOnlyLookup)
  })
})
