import { validateEventAttributes } from '@kindling/core'
import { Button, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type FormEvent, useMemo, useState } from 'react'
import { useParams } from 'react-router'
import { useActivity } from '../../../api/activities'
import { useCreateEvent } from '../../../api/events'
import { Gone, Loading } from '../../../components/placeholders'
import { useRecordTitle } from '../../../components/record-title'
import { getAuthState } from '../../../lib/auth-state'
import { STORAGE_KEYS } from '../../../lib/constants'
import { translateFieldError } from '../../../lib/field-messages'
import { useT } from '../../../lib/i18n'
import { writeStoredString } from '../../../lib/stored-string'
import { AttributeInput } from '../components/attribute-input'
import { useActivityAttributes } from '../hooks/use-activity-attributes'
import { type AttributeValues, buildDefaultValues, collectValues } from '../lib/attribute-values'

/**
 * /log/{activityId} (issue 52): the one-tap log link a home screen, an NFC tag or a Shortcut
 * opens. One large button logs an event of the habit for now, with its required attributes
 * when it has any (the others take their defaults, as in Add Event). Opening the page never
 * logs (a link preview or a prefetch must not): only the tap does. The event goes to the
 * device's copy and outbox, so it is logged offline too and sent when the network is back.
 */
export function Component() {
  const t = useT()
  const { activityId = '' } = useParams()
  const activityQuery = useActivity(activityId)
  const activity = activityQuery.data?.deletedAt ? undefined : activityQuery.data
  useRecordTitle(activity ? t('Log {name}', { name: activity.name }) : undefined)
  const { attributes } = useActivityAttributes(activity)
  const required = useMemo(() => attributes.filter((attribute) => attribute.required), [attributes])
  const createEvent = useCreateEvent()
  const [entered, setEntered] = useState<AttributeValues>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  /** Events this page logged: the page says so beside the toast, which goes away. */
  const [added, setAdded] = useState(0)

  if (activityQuery.isLoading) return <Loading label={t('Loading habit')} />
  if (!activity) return <Gone>{t('This habit does not exist any more.')}</Gone>

  function handleLog(event: FormEvent) {
    event.preventDefault()
    if (!activity) return
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    const values = collectValues({ ...buildDefaultValues(attributes), ...entered }, attributes)
    const problems = validateEventAttributes(values, attributes)
    setErrors(problems)
    if (Object.keys(problems).length > 0) return
    createEvent.mutate(
      { activityId: activity.id, eventDate: new Date().toISOString(), attributes: values },
      {
        onSuccess: () => {
          writeStoredString(STORAGE_KEYS.lastActivityId, activity.id)
          setAdded((count) => count + 1)
          notifications.show({ message: t('Added event'), color: 'orange' })
        },
      },
    )
  }

  return (
    <form onSubmit={handleLog} noValidate>
      <Stack gap="lg" maw={480} mx="auto" w="100%" py="md">
        <Title order={2} size="h3" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {activity.name}
        </Title>
        {required.map((attribute) => (
          <AttributeInput
            key={attribute.id}
            attribute={attribute}
            value={entered[attribute.id] ?? buildDefaultValues([attribute])[attribute.id]}
            error={translateFieldError(errors[`attributes.${attribute.id}`])}
            onChange={(value) => setEntered((current) => ({ ...current, [attribute.id]: value }))}
          />
        ))}
        <Button
          type="submit"
          size="xl"
          h={120}
          fullWidth
          color={activity.color}
          autoContrast
          disabled={createEvent.isPending}
          styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
        >
          {t('Log {name}', { name: activity.name })}
        </Button>
        <Text ta="center" role="status" c="gray.4" mih="1.5em">
          {added > 0 ? t('Added event') : ''}
        </Text>
      </Stack>
    </form>
  )
}
