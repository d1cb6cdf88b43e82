import type { Attribute, Cadence, GoalInput, GoalTarget } from '@kindling/core'
import { compareNames, GOAL_TARGET_COUNT_MAX, isTargetDangling } from '@kindling/core'
import { NumberInput, Select, Stack, Text } from '@mantine/core'
import { type FormEvent, type ReactNode, useMemo, useState } from 'react'
import { useActiveActivities } from '../../../api/activities'
import { useAttributes } from '../../../api/attributes'
import { FormActions } from '../../../components/form-actions'
import { Loading } from '../../../components/placeholders'
import { attributeLabel } from '../../../lib/attribute-text'
import { type MessageKey, msg, useT } from '../../../lib/i18n'
import { CADENCES } from '../lib/cadence'

/** What the form edits of a goal's input. */
export type GoalFormValues = Pick<GoalInput, 'activityId' | 'cadence' | 'target'>

type TargetKind = 'event' | 'count' | 'amount'

const TARGET_KINDS: { value: TargetKind; label: MessageKey }[] = [
  { value: 'event', label: msg('One event') },
  { value: 'count', label: msg('Number of events') },
  { value: 'amount', label: msg('Total of an attribute') },
]

const COMPARISONS: { value: 'atLeast' | 'atMost'; label: MessageKey }[] = [
  { value: 'atLeast', label: msg('At least') },
  { value: 'atMost', label: msg('At most') },
]

const CADENCE_LABELS: Record<Cadence, MessageKey> = {
  Daily: msg('Daily'),
  Weekly: msg('Weekly'),
  Monthly: msg('Monthly'),
}

/** Attribute types a goal can total (the API's rule). */
const TOTALLED: readonly Attribute['type'][] = ['number', 'duration']

interface GoalFormProps {
  initialActivityId: string | null
  initialCadence: Cadence
  initialTarget?: GoalTarget | null
  submitting: boolean
  onSubmit: (values: GoalFormValues) => void
  onCancel: () => void
  extraActions?: ReactNode
}

interface Errors {
  activityId?: string
  count?: string
  attributeId?: string
  value?: string
}

/**
 * The body of Add Goal and Update Goal: an activity (required), a cadence, and what each period
 * asks (issue 48): one event, a number of events ('Times'), or the total of one of the habit's
 * number or duration attributes, at least or at most an amount. An invalid combination is
 * named on its field and nothing is saved.
 */
export function GoalForm({
  initialActivityId,
  initialCadence,
  initialTarget = null,
  submitting,
  onSubmit,
  onCancel,
  extraActions,
}: GoalFormProps) {
  const t = useT()
  const activitiesQuery = useActiveActivities()
  const attributesQuery = useAttributes()
  const options = useMemo(
    () =>
      (activitiesQuery.data ?? [])
        .filter((activity) => !activity.deletedAt)
        .sort((a, b) => compareNames(a.name, b.name))
        .map((activity) => ({ value: activity.id, label: activity.name })),
    [activitiesQuery.data],
  )
  const [chosen, setChosen] = useState<string | null | undefined>(undefined)
  const activityId =
    chosen !== undefined
      ? chosen
      : (options.find((o) => o.value === initialActivityId)?.value ?? null)
  const [cadence, setCadence] = useState<Cadence>(initialCadence)
  const [kind, setKind] = useState<TargetKind>(initialTarget?.kind ?? 'event')
  const [count, setCount] = useState<number | string>(
    initialTarget?.kind === 'count' ? initialTarget.count : 2,
  )
  const [attributeId, setAttributeId] = useState<string | null>(
    initialTarget?.kind === 'amount' ? initialTarget.attributeId : null,
  )
  const [comparison, setComparison] = useState<'atLeast' | 'atMost'>(
    initialTarget?.kind === 'amount' ? initialTarget.comparison : 'atLeast',
  )
  const [value, setValue] = useState<number | string>(
    initialTarget?.kind === 'amount' ? initialTarget.value : '',
  )
  const [errors, setErrors] = useState<Errors>({})

  const allAttributes = attributesQuery.data ?? []
  const totalled = allAttributes.filter(
    (attribute) =>
      attribute.activityId === activityId &&
      !attribute.deletedAt &&
      TOTALLED.includes(attribute.type),
  )
  const attributeOptions = totalled.map((attribute) => ({
    value: attribute.id,
    label: attributeLabel(attribute),
  }))
  const chosenAttribute = totalled.find((attribute) => attribute.id === attributeId)
  const dangling =
    kind === 'amount' &&
    attributeId !== null &&
    activityId === initialActivityId &&
    isTargetDangling(initialTarget, allAttributes)

  function clearError(field: keyof Errors) {
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function readTarget(found: Errors): GoalTarget | null {
    if (kind === 'count') {
      const times = typeof count === 'number' ? count : Number.NaN
      if (!Number.isInteger(times) || times < 1 || times > GOAL_TARGET_COUNT_MAX) {
        found.count = t('Times must be a whole number from 1 to {max}.', {
          max: GOAL_TARGET_COUNT_MAX,
        })
        return null
      }
      return { kind: 'count', count: times }
    }
    if (kind === 'amount') {
      if (!chosenAttribute) {
        found.attributeId =
          totalled.length === 0
            ? t('This habit has no number or duration attribute to total: add one first.')
            : t('Choose an attribute.')
      }
      const amount = typeof value === 'number' ? value : Number.NaN
      if (!Number.isFinite(amount) || amount < 0) {
        found.value = t('Enter an amount of zero or more.')
      }
      if (!chosenAttribute || found.value) return null
      return { kind: 'amount', attributeId: chosenAttribute.id, comparison, value: amount }
    }
    return null
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const found: Errors = {}
    if (!activityId) found.activityId = t('Choose an activity.')
    const target = readTarget(found)
    setErrors(found)
    if (!activityId || Object.values(found).some(Boolean)) return
    onSubmit({ activityId, cadence, target })
  }

  if (activitiesQuery.isLoading) {
    return <Loading label={t('Loading activities')} />
  }

  const unit = chosenAttribute && 'unit' in chosenAttribute ? chosenAttribute.unit : undefined

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Select
          label={t('Activity')}
          placeholder={options.length > 0 ? t('Choose an activity') : t('No activities yet')}
          required
          searchable
          data={options}
          value={activityId}
          onChange={(next) => {
            setChosen(next)
            setAttributeId(null)
            clearError('activityId')
          }}
          error={errors.activityId}
          nothingFoundMessage={t('Nothing found...')}
          comboboxProps={{ withinPortal: true }}
          // The form's first field takes the focus as it opens; its list opens on a click or a
          // key, not then: open at once, it covered the fields below it and Save.
          openOnFocus={false}
          data-autofocus
        />
        <Select
          label={t('Cadence')}
          required
          data={CADENCES.map((value) => ({ value, label: t(CADENCE_LABELS[value]) }))}
          value={cadence}
          onChange={(next) => {
            const found = CADENCES.find((candidate) => candidate === next)
            if (found) setCadence(found)
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('Target')}
          data={TARGET_KINDS.map((choice) => ({ value: choice.value, label: t(choice.label) }))}
          value={kind}
          onChange={(next) => {
            const found = TARGET_KINDS.find((candidate) => candidate.value === next)
            if (found) setKind(found.value)
            setErrors((current) => ({ activityId: current.activityId }))
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {kind === 'count' && (
          <NumberInput
            label={t('Times')}
            description={
              cadence === 'Daily'
                ? t('Events each day')
                : cadence === 'Weekly'
                  ? t('Events each week')
                  : t('Events each month')
            }
            min={1}
            max={GOAL_TARGET_COUNT_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={count}
            onChange={(next) => {
              setCount(next)
              clearError('count')
            }}
            error={errors.count}
          />
        )}
        {kind === 'amount' && (
          <>
            <Select
              label={t('Attribute')}
              placeholder={
                totalled.length > 0
                  ? t('Choose an attribute')
                  : t('No number or duration attributes')
              }
              data={attributeOptions}
              value={chosenAttribute ? chosenAttribute.id : null}
              onChange={(next) => {
                setAttributeId(next)
                clearError('attributeId')
              }}
              error={errors.attributeId}
              disabled={!activityId}
              comboboxProps={{ withinPortal: true }}
            />
            {dangling && (
              <Text size="sm" c="yellow.4">
                {t(
                  'The attribute this target totalled was deleted: until you choose another, the goal asks for one event.',
                )}
              </Text>
            )}
            <Select
              label={t('Comparison')}
              data={COMPARISONS.map((choice) => ({ value: choice.value, label: t(choice.label) }))}
              value={comparison}
              onChange={(next) => {
                if (next === 'atLeast' || next === 'atMost') setComparison(next)
              }}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label={t('Amount')}
              min={0}
              allowNegative={false}
              decimalScale={3}
              value={value}
              onChange={(next) => {
                setValue(next)
                clearError('value')
              }}
              rightSection={unit ? <Text size="xs">{unit}</Text> : undefined}
              rightSectionWidth={unit ? Math.max(40, unit.length * 8 + 16) : undefined}
              error={errors.value}
            />
          </>
        )}
        <FormActions onCancel={onCancel} saving={submitting} extra={extraActions} />
      </Stack>
    </form>
  )
}
