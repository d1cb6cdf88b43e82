import {
  formatRelativeTime,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '@kindling/core'
import { Badge, Button, Checkbox, Code, Group, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useId, useState } from 'react'
import { TitledSection } from '../../../components/titled-section'
import { ApiError } from '../../../lib/api-client'
import { confirm } from '../../../lib/platform'
import {
  useCreateWebhook,
  useDeleteWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks'
import { ServerList } from './server-list'
import { ShownOnce } from './shown-once'

/**
 * /me 'Webhooks' (issue 52): another service gets a signed POST of each change of the chosen
 * kinds; each webhook lists its recent deliveries.
 */
export function WebhooksSection() {
  const hooks = useWebhooks()
  const [adding, setAdding] = useState(false)
  const [secret, setSecret] = useState<string>()

  return (
    <TitledSection title="Webhooks" order={2} gap="sm">
      <Text size="sm" c="gray.5">
        Another service (Zapier, Home Assistant, your own server) gets a POST of each change you
        choose, signed with the webhook's secret in the <Code>Kindling-Signature</Code> header.
        Failed deliveries are retried for a day; a webhook failing that long is turned off and you
        are told by e-mail.
      </Text>
      {secret ? (
        <ShownOnce
          title="Copy the signing secret now"
          text="The receiving service checks each delivery's signature with it. It will not be shown again."
          label="Signing secret"
          copyLabel="Copy secret"
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
          Add webhook
        </Button>
      )}
      <ServerList
        query={hooks}
        label="Your webhooks"
        empty="No webhooks yet."
        failure="Your webhooks could not be loaded. They can be changed when online."
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
    if (!url.trim()) problems.url = 'URL is required.'
    if (events.length === 0) problems.events = 'Choose at least one event.'
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
    <form onSubmit={handleSubmit} noValidate aria-label="Add webhook">
      <Stack gap="sm">
        <TextInput
          label="URL"
          description="An https address on the internet"
          placeholder="https://example.com/kindling"
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
            Events
          </Text>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={WEBHOOK_EVENT_LABELS[type]}
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
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function WebhookRow({ hook }: { hook: Webhook }) {
  const remove = useDeleteWebhook()
  const [showDeliveries, setShowDeliveries] = useState(false)
  const now = new Date()

  async function handleRemove() {
    const sure = await confirm(`Nothing more is sent to ${hook.url}.`, {
      title: 'Remove this webhook?',
      confirmLabel: 'Remove',
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
            {hook.events.map((type) => WEBHOOK_EVENT_LABELS[type]).join(', ')}
          </Text>
          {hook.disabledAt ? (
            <Text size="sm" c="red.4">
              Turned off {formatRelativeTime(hook.disabledAt, now)} after failing for a day
            </Text>
          ) : hook.failingSince ? (
            <Text size="sm" c="yellow.5">
              Failing since {formatRelativeTime(hook.failingSince, now)}: retrying
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
          Remove
        </Button>
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        aria-expanded={showDeliveries}
        onClick={() => setShowDeliveries((shown) => !shown)}
      >
        Recent deliveries
      </Button>
      {showDeliveries ? <Deliveries webhookId={hook.id} /> : null}
    </Stack>
  )
}

const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  delivered: { label: 'Delivered', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId)
  const now = new Date()
  return (
    <ServerList
      query={deliveries}
      label="Recent deliveries"
      empty="Nothing sent yet."
      failure="The deliveries could not be loaded."
    >
      {(delivery) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge color={STATUS[delivery.status].color} variant="light" tt="none">
            {STATUS[delivery.status].label}
          </Badge>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm">
              {WEBHOOK_EVENT_LABELS[delivery.type]} · {formatRelativeTime(delivery.createdAt, now)}
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
  if (delivery.attempts === 0) return 'Not tried yet'
  const tries = delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`
  const answer =
    delivery.error ?? (delivery.responseStatus ? `HTTP ${delivery.responseStatus}` : '')
  const next = delivery.nextAttemptAt
    ? `; next try ${formatRelativeTime(delivery.nextAttemptAt, now)}`
    : ''
  return `${tries}${answer ? `: ${answer}` : ''}${next}`
}
