import { Badge, Box, Collapse, Group, Text, Title, UnstyledButton } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { memo, type ReactNode, useId } from 'react'

export interface CollapsibleSectionProps {
  title: string
  /** Shown before the title inside the toggle (e.g. the group's colour). */
  decoration?: ReactNode
  /** A count badge after the title (when the title does not say it). */
  count?: number
  collapsed: boolean
  onToggle: () => void
  /** Shown at the end of the header row, outside the toggle button (e.g. a menu). */
  actions?: ReactNode
  children: ReactNode
}

/**
 * A section whose header toggles it; the button says whether it is expanded. Its header is
 * drawn again only when its own props change (given the same `decoration`, `actions` and
 * `onToggle`): a list drawn again for a new event leaves its sections' headers be.
 */
export function CollapsibleSection({ children, ...header }: CollapsibleSectionProps) {
  const contentId = useId()
  return (
    <Box component="section" aria-label={header.title}>
      <SectionHeader {...header} contentId={contentId} />
      <Collapse expanded={!header.collapsed} id={contentId}>
        {children}
      </Collapse>
    </Box>
  )
}

const SectionHeader = memo(function SectionHeader({
  title,
  decoration,
  count,
  collapsed,
  onToggle,
  actions,
  contentId,
}: Omit<CollapsibleSectionProps, 'children'> & { contentId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" mb={collapsed ? 0 : 'xs'}>
      <Title order={2} size="h4" style={{ flex: 1, minWidth: 0 }}>
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-controls={contentId}
          style={{ width: '100%', borderRadius: 'var(--mantine-radius-sm)' }}
          py={4}
        >
          <Group gap="xs" wrap="nowrap">
            <IconChevronDown
              size={18}
              aria-hidden
              style={{
                transform: collapsed ? 'rotate(-90deg)' : undefined,
                transition: 'transform 150ms ease',
                flexShrink: 0,
              }}
            />
            {decoration}
            <Text component="span" inherit lineClamp={1}>
              {title}
            </Text>
            {count !== undefined && (
              <Badge variant="light" color="gray" size="sm">
                {count}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
      </Title>
      {actions}
    </Group>
  )
})
