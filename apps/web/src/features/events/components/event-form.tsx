import type { Activity } from '@kindling/core'
import { compareNames, validateEventAttributes } from '@kindling/core'
import { Loader, Select, Stack, Text } from '@mantine/core'
import { type FormEvent, type ReactNode, useCallback, useMemo, useState } from 'react'
import { useActivities } from '../../../api/activities'
import { FormActions } from '../../../components/form-actions'
import { LazyDayInput } from '../../../components/lazy-day-input'
import { Loading } from '../../../components/placeholders'
import { translateFieldError } from '../../../lib/field-messages'
import { useT } from '../../../lib/i18n'
import { useActivityAttributes } from '../hooks/use-activity-attributes'
import { type AttributeValues, buildDefaultValues, collectValues } from '../lib/attribute-values'
import { AttributeInput } from './attribute-input'

export interface EventFormValues {
  activityId: string
  day: string
  attributes: AttributeValues
}

export interface EventFormProps {
  /** The activity to start with; ignored unless it is a live activity. */
  preferredActivityId: string | null
  initialDay: string
  /** Values to start with (update); without them the attributes' defaults are used (add). */
  initialValues?: AttributeValues
  submitting: boolean
  onSubmit: (values: EventFormValues) => void
  onCancel: () => void
  /** Extra buttons at the left of the actions (Delete on update). */
  extraActions?: ReactNode
}

function byName(a: Activity, b: Activity) {
  return compareNames(a.name, b.name)
}

/** The body of Add Event and Update Event: activity, date and the activity's attributes. */
export function EventForm({
  preferredActivityId,
  initialDay,
  initialValues,
  submitting,
  onSubmit,
  onCancel,
  extraActions,
}: EventFormProps) {
  const t = useT()
  const activitiesQuery = useActivities()
  const liveActivities = useMemo(
    () =>
      (activitiesQuery.data ?? [])
        // Archived habits are offered no more (issue 49), unless the event is already theirs.
        .filter(
          (activity) =>
            !activity.deletedAt && (!activity.archived || activity.id === preferredActivityId),
        )
        .sort(byName),
    [activitiesQuery.data, preferredActivityId],
  )
  // Undefined until the user picks: until then the preferred activity applies once it loads.
  const [chosenActivityId, setChosenActivityId] = useState<string | null | undefined>(undefined)
  const activityId =
    chosenActivityId !== undefined
      ? chosenActivityId
      : (liveActivities.find((activity) => activity.id === preferredActivityId)?.id ?? null)
  const activity = liveActivities.find((candidate) => candidate.id === activityId)
  const { attributes, isLoading: attributesLoading } = useActivityAttributes(activity)

  const [day, setDay] = useState(initialDay)
  // What the user entered, per attribute; defaults fill in what they have not touched.
  const [entered, setEntered] = useState<AttributeValues>(initialValues ?? {})
  const [errors, setErrors] = useState<Record<string, string>>({})

  const values = useMemo<AttributeValues>(
    () => (initialValues ? entered : { ...buildDefaultValues(attributes), ...entered }),
    [attributes, entered, initialValues],
  )

  const handleActivityChange = useCallback(
    (next: string | null) => {
      setChosenActivityId(next)
      // Values belong to the previous activity's attributes.
      if (next !== activityId) setEntered({})
      setErrors({})
    },
    [activityId],
  )

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!activityId) {
      setErrors({ activityId: t('Choose an activity.') })
      return
    }
    const collected = collectValues(values, attributes)
    const problems = validateEventAttributes(collected, attributes)
    setErrors(problems)
    if (Object.keys(problems).length > 0) return
    onSubmit({ activityId, day, attributes: collected })
  }

  // The fields, drawn again only when they change: Save's pending state draws the actions alone
  // (the form's Select, date and attributes are most of a drawing, issue 55).
  const fields = useMemo(
    () => (
      <>
        <Select
          label={t('Activity')}
          placeholder={liveActivities.length > 0 ? t('Choose an activity') : t('No activities yet')}
          required
          searchable
          data={liveActivities.map((item) => ({ value: item.id, label: item.name }))}
          value={activityId}
          onChange={handleActivityChange}
          error={errors.activityId}
          nothingFoundMessage={t('Nothing found...')}
          comboboxProps={{ withinPortal: true }}
          // The form's first field takes the focus as it opens; its list opens on a click or a
          // key, not then: open at once, it covered the fields below it and Save.
          openOnFocus={false}
          data-autofocus
        />
        <LazyDayInput
          label={t('Date')}
          required
          value={day}
          onChange={(next) => {
            if (next) setDay(next)
          }}
        />
        {activity && attributesLoading && <Loader size="xs" aria-label={t('Loading attributes')} />}
        {attributes.map((attribute) => (
          <AttributeInput
            key={attribute.id}
            attribute={attribute}
            value={values[attribute.id]}
            error={translateFieldError(errors[`attributes.${attribute.id}`])}
            onChange={(value) => setEntered((current) => ({ ...current, [attribute.id]: value }))}
          />
        ))}
        {Object.keys(errors).some((key) => key.startsWith('attributes.')) && (
          <Text size="sm" c="red.4" role="alert">
            {t('Check the highlighted fields.')}
          </Text>
        )}
      </>
    ),
    [
      t,
      liveActivities,
      activityId,
      handleActivityChange,
      errors,
      day,
      activity,
      attributesLoading,
      attributes,
      values,
    ],
  )

  if (activitiesQuery.isLoading) {
    return <Loading label={t('Loading activities')} />
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {fields}
        <FormActions onCancel={onCancel} saving={submitting} extra={extraActions} />
      </Stack>
    </form>
  )
}
