import { addDays } from '@kindling/core'
import { Button, Group, Stack } from '@mantine/core'
import { useState } from 'react'
import { useT } from '../lib/i18n'
import { LazyDayInput } from './lazy-day-input'

export interface BreakRangeFormProps {
  /** Today in the user's zone: the first day offered. */
  today: string
  /** The submit button's text ('Take a break', 'Go on vacation'). */
  submitLabel: string
  pending?: boolean
  onSubmit: (range: { from: string; to: string }) => void
}

/**
 * 'From' and 'To' of a break (issue 49), both days included; `to` may not come before `from`
 * (the schema's rule, said beside the field before the server says it).
 */
export function BreakRangeForm({ today, submitLabel, pending, onSubmit }: BreakRangeFormProps) {
  const t = useT()
  const [from, setFrom] = useState<string | null>(today)
  const [to, setTo] = useState<string | null>(addDays(today, 6))
  const reversed = from !== null && to !== null && to < from
  return (
    <Stack gap="xs">
      <Group gap="sm" grow align="flex-start">
        <LazyDayInput label={t('From')} value={from} onChange={setFrom} />
        <LazyDayInput
          label={t('To')}
          value={to}
          minDate={from ?? undefined}
          onChange={setTo}
          // Core's BREAK_TO_BEFORE_FROM, in the user's language.
          error={reversed ? t("Must be on or after 'From'.") : undefined}
        />
      </Group>
      <Button
        variant="light"
        style={{ alignSelf: 'flex-start' }}
        disabled={from === null || to === null || reversed}
        loading={pending}
        onClick={() => {
          if (from !== null && to !== null && !reversed) onSubmit({ from, to })
        }}
      >
        {submitLabel}
      </Button>
    </Stack>
  )
}
