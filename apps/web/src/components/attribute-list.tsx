import type { Attribute } from '@kindling/core'
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { useT } from '../lib/i18n'
import { AppLink } from './app-link'
import { PlainList } from './plain-list'

export interface AttributeListProps {
  attributes: readonly Attribute[]
  /** Link target of one attribute (its detail page). */
  hrefOf: (attribute: Attribute) => string
  /** Text when the list is empty; nothing is rendered when absent. */
  emptyText?: string
  /** Leave out the 'Attributes' title when the surrounding section already carries it. */
  hideTitle?: boolean
}

/** The attributes of one activity under the title 'Attributes' (SPEC §2 Activities list). */
export function AttributeList({
  attributes,
  hrefOf,
  emptyText,
  hideTitle = false,
}: AttributeListProps) {
  const t = useT()
  if (attributes.length === 0) {
    return emptyText ? (
      <Text size="sm" c="gray.5">
        {emptyText}
      </Text>
    ) : null
  }
  return (
    <Stack gap={4}>
      {!hideTitle && (
        <Text size="xs" c="gray.5" fw={600} tt="uppercase">
          {t('Attributes')}
        </Text>
      )}
      {/* Each link is 24 px tall, touching the next: WCAG's least target size (2.5.8). */}
      <PlainList gap={0} label={t('Attributes')}>
        {attributes.map((attribute) => (
          <Group component="li" key={attribute.id} gap="xs" wrap="nowrap">
            <Anchor component={AppLink} to={hrefOf(attribute)} size="sm" py={2} truncate>
              {attribute.name || t('Untitled')}
            </Anchor>
            <Badge size="xs" variant="light" color="gray">
              {attribute.type}
            </Badge>
          </Group>
        ))}
      </PlainList>
    </Stack>
  )
}
