import { TextInput } from '@mantine/core'
import { useT } from '../../../lib/i18n'

interface EmailInputProps {
  value: string
  onChange: (value: string) => void
  /** The screen's first field: focused when it opens. */
  autoFocus?: boolean
  readOnly?: boolean
}

/** The account's email, as every auth form asks for it (the browser can fill it in). */
export function EmailInput({
  value,
  onChange,
  autoFocus = false,
  readOnly = false,
}: EmailInputProps) {
  const t = useT()
  return (
    <TextInput
      label={t('Email')}
      type="email"
      autoComplete="email"
      required
      data-autofocus={autoFocus || undefined}
      autoFocus={autoFocus}
      readOnly={readOnly}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  )
}
