import { describe, expect, it } from 'vitest'
import { translate } from '../i18n/translate'
import { deliveryErrorText } from './delivery-error'

describe('a delivery’s error in the reader’s language', () => {
  it('stays as stored in English', () => {
    for (const stored of [
      'Refused: Must be a host on the internet, not of this network.',
      'The receiver answered 500.',
      'No answer within 10 s.',
      'ETIMEDOUT: something odd',
    ]) {
      expect(translate('en', deliveryErrorText(stored))).toBe(stored)
    }
  })

  it('reads the sender’s forms in German and Japanese; an unknown error as it came', () => {
    expect(
      translate('de', deliveryErrorText('Refused: Must name a host, not an IP address.')),
    ).toBe('Abgelehnt: Muss einen Hostnamen nennen, keine IP-Adresse.')
    expect(translate('de', deliveryErrorText('The receiver answered 503.'))).toBe(
      'Der Empfänger antwortete mit 503.',
    )
    expect(translate('ja', deliveryErrorText('No answer within 10 s.'))).toBe(
      '10 秒以内に応答がありませんでした。',
    )
    expect(translate('de', deliveryErrorText('EPROTO: bad record mac'))).toBe(
      'EPROTO: bad record mac',
    )
  })
})
