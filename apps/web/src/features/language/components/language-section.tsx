import { LANGUAGE_NAMES, LANGUAGES, Language } from '@kindling/core'
import { NativeSelect } from '@mantine/core'
import { useState } from 'react'
import { useLanguage, useT } from '../../../lib/i18n'
import { saveLanguage } from '../api/account-language'

const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))

/**
 * /me 'Language' (issue 54): each language named in itself. A choice shows at once, without
 * reloading, and is saved with the account for its e-mails, notifications and other devices.
 */
export function LanguageSection() {
  const t = useT()
  const language = useLanguage()
  const [failed, setFailed] = useState(false)
  return (
    <NativeSelect
      label={t('Language')}
      data={OPTIONS}
      value={language}
      error={failed ? t('The language could not be saved with your account.') : undefined}
      onChange={(event) => {
        const chosen = Language.safeParse(event.currentTarget.value)
        if (!chosen.success) return
        setFailed(false)
        saveLanguage(chosen.data).catch(() => setFailed(true))
      }}
    />
  )
}
