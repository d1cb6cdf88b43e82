import {
  WEBHOOK_EVENT_TYPES,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '@kindling/core'
import { Badge, Button, Checkbox, Code, Group, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useId, useState } from 'react'
import { TitledSection } from '../../../components/titled-section'
import { ApiError } from '../../../lib/api-client'
import { msg, t, useLanguage, useT } from '../../../lib/i18n'
import { slots, withNodes } from '../../../lib/i18n-nodes'
import { confirm } from '../../../lib/platform-actions'
import { formatRelative } from '../../../lib/relative-time'
import {
  useCreateWebhook,
  useDeleteWebhook,
  useEnableWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks'
import { ServerList } from './server-list'
import { ShownOnce } from './shown-once'

/** Core's WEBHOOK_EVENT_LABELS, translated where drawn. */
const EVENT_LABELS: Record<WebhookEventType, string> = {
  'event.logged': msg('Event logged'),
  'event.changed': msg('Event changed'),
  'event.deleted': msg('Event deleted'),
  'habit.created': msg('Habit created'),
  'habit.changed': msg('Habit changed'),
  'habit.deleted': msg('Habit deleted'),
  'goal.done': msg('Goal done for its period'),
}

/** Where a webhook must point, as the field shows it. */
const EXAMPLE_URL = 'https://example.com/kindling'

/** The header a delivery's signature comes in (a name, in every language). */
const SIGNATURE_HEADER = 'Kindling-Signature'

/**
 * /me 'Webhooks' (issue 52): another service gets a signed POST of each change of the chosen
 * kinds; each webhook lists its recent deliveries.
 */
export function WebhooksSection() {
  const t = useT()
  const hooks = useWebhooks()
  const [adding, setAdding] = useState(false)
  const [secret, setSecret] = useState<string>()

  return (
    <TitledSection title={t('Webhooks')} order={2} gap="sm">
      <Text size="sm" c="gray.5">
        {withNodes(
          t(
            "Another service (Zapier, Home Assistant, your own server) gets a POST of each change you choose, signed with the webhook's secret in the {header} header. Failed deliveries are retried for a day; a webhook failing that long is turned off and you are told by e-mail.",
            slots('header'),
          ),
          { header: <Code>{SIGNATURE_HEADER}</Code> },
        )}
      </Text>
      {secret ? (
        <ShownOnce
          title={t('Copy the signing secret now')}
          text={t(
            "The receiving service checks each delivery's signature with it. It will not be shown again.",
          )}
          label={t('Signing secret')}
          copyLabel={t('Copy secret')}
          value={secret}
          onDone={() => setSecret(undefined)}
        />
      ) : null}
      {adding ? (
        <AddWebhookForm
          onAdded={(created) => {
            setAdding(false)
            setSecret(created)
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button variant="default" onClick={() => setAdding(true)}>
          {t('Add webhook')}
        </Button>
      )}
      <ServerList
        query={hooks}
        label={t('Your webhooks')}
        empty={t('No webhooks yet.')}
        failure={t('Your webhooks could not be loaded. They can be changed when online.')}
      >
        {(hook) => <WebhookRow hook={hook} />}
      </ServerList>
    </TitledSection>
  )
}

function AddWebhookForm({
  onAdded,
  onCancel,
}: {
  onAdded: (secret: string) => void
  onCancel: () => void
}) {
  const t = useT()
  const create = useCreateWebhook()
  const legendId = useId()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEventType[]>(['event.logged'])
  const [errors, setErrors] = useState<Record<string, string>>({})

  function toggle(type: WebhookEventType, on: boolean) {
    setEvents((current) =>
      on ? [...current, type] : current.filter((candidate) => candidate !== type),
    )
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const problems: Record<string, string> = {}
    if (!url.trim()) problems.url = t('URL is required.')
    if (events.length === 0) problems.events = t('Choose at least one event.')
    setErrors(problems)
    if (Object.keys(problems).length > 0) return
    create.mutate(
      { url, events },
      {
        onSuccess: (created) => onAdded(created.secret),
        onError: (error) =>
          setErrors(
            error instanceof ApiError && Object.keys(error.fields).length > 0
              ? error.fields
              : { form: error.message },
          ),
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('Add webhook')}>
      <Stack gap="sm">
        <TextInput
          label={t('URL')}
          description={t('An https address on the internet')}
          placeholder={EXAMPLE_URL}
          type="url"
          inputMode="url"
          required
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={errors.url}
          data-autofocus
        />
        <Stack
          component="fieldset"
          gap={6}
          m={0}
          p={0}
          style={{ border: 0 }}
          aria-describedby={errors.events ? `${legendId}-error` : undefined}
        >
          <Text component="legend" size="sm" fw={500} id={legendId} mb={4}>
            {t('Events')}
          </Text>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={t(EVENT_LABELS[type])}
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.currentTarget.checked)}
            />
          ))}
          {errors.events ? (
            <Text size="sm" c="red.4" id={`${legendId}-error`}>
              {errors.events}
            </Text>
          ) : null}
        </Stack>
        {errors.form ? (
          <Text size="sm" c="red.4" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('Add')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function WebhookRow({ hook }: { hook: Webhook }) {
  const t = useT()
  const language = useLanguage()
  const remove = useDeleteWebhook()
  const enable = useEnableWebhook()
  const [showDeliveries, setShowDeliveries] = useState(false)
  const now = new Date()

  async function handleRemove() {
    const sure = await confirm(t('Nothing more is sent to {url}.', { url: hook.url }), {
      title: t('Remove this webhook?'),
      confirmLabel: t('Remove'),
      destructive: true,
    })
    if (sure) remove.mutate(hook.id)
  }

  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hook.url}
          </Text>
          <Text size="sm" c="gray.5">
            {new Intl.ListFormat(language, { type: 'unit', style: 'short' }).format(
              hook.events.map((type) => t(EVENT_LABELS[type])),
            )}
          </Text>
          {hook.disabledAt ? (
            <Text size="sm" c="red.4">
              {t('Turned off {when} after failing for a day', {
                when: formatRelative(hook.disabledAt, now),
              })}
            </Text>
          ) : null}
          {hook.disabledAt ? (
            <Group gap="xs">
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => enable.mutate(hook.id)}
                loading={enable.isPending}
                aria-description={t('Turns on the webhook to {url}', { url: hook.url })}
              >
                {t('Turn on')}
              </Button>
              {enable.isError ? (
                <Text size="sm" c="red.4" role="alert">
                  {t('It was not turned on: {error}', { error: enable.error.message })}
                </Text>
              ) : null}
            </Group>
          ) : hook.failingSince ? (
            <Text size="sm" c="yellow.5">
              {t('Failing since {when}: retrying', {
                when: formatRelative(hook.failingSince, now),
              })}
            </Text>
          ) : null}
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={handleRemove}
          loading={remove.isPending}
          style={{ flexShrink: 0 }}
        >
          {t('Remove')}
        </Button>
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        aria-expanded={showDeliveries}
        onClick={() => setShowDeliveries((shown) => !shown)}
      >
        {t('Recent deliveries')}
      </Button>
      {showDeliveries ? <Deliveries webhookId={hook.id} /> : null}
    </Stack>
  )
}

const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  delivered: { label: msg('Delivered'), color: 'green' },
  pending: { label: msg('Pending'), color: 'yellow' },
  failed: { label: msg('Failed'), color: 'red' },
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const t = useT()
  const deliveries = useWebhookDeliveries(webhookId)
  const now = new Date()
  return (
    <ServerList
      query={deliveries}
      label={t('Recent deliveries')}
      empty={t('Nothing sent yet.')}
      failure={t('The deliveries could not be loaded.')}
    >
      {(delivery) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge color={STATUS[delivery.status].color} variant="light" tt="none">
            {t(STATUS[delivery.status].label)}
          </Badge>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm">
              {t(EVENT_LABELS[delivery.type])} · {formatRelative(delivery.createdAt, now)}
            </Text>
            <Text size="xs" c="gray.5" style={{ overflowWrap: 'anywhere' }}>
              {describeAttempts(delivery, now)}
            </Text>
          </Stack>
        </Group>
      )}
    </ServerList>
  )
}

/** The attempts of a delivery in words: how many, the last answer, the next try. */
function describeAttempts(delivery: WebhookDelivery, now: Date): string {
  if (delivery.attempts === 0) return t('Not tried yet')
  const tries = t('{count, plural, one {# attempt} other {# attempts}}', {
    count: delivery.attempts,
  })
  const answer =
    delivery.error ?? (delivery.responseStatus ? `HTTP ${delivery.responseStatus}` : '')
  const said = answer ? t('{tries}: {answer}', { tries, answer }) : tries
  return delivery.nextAttemptAt
    ? t('{attempts}; next try {when}', {
        attempts: said,
        when: formatRelative(delivery.nextAttemptAt, now),
      })
    : said
}
