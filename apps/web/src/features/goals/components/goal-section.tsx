import type { Activity, Attribute, Goal, GoalSection as GoalSectionData } from '@kindling/core'
import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { useId } from 'react'
import { describeProgress } from '../../../components/period-progress'
import { STORAGE_KEYS } from '../../../lib/constants'
import { useT } from '../../../lib/i18n'
import { formatNumber } from '../../../lib/locale-format'
import { useStoredString } from '../../../lib/use-stored-string'
import { CADENCE_TEXT } from '../lib/cadence'
import { GoalRow } from './goal-row'

interface GoalSectionProps {
  section: GoalSectionData<Goal, Activity>
  onToggle: (goal: Goal, done: boolean) => void
  onEdit: (goal: Goal) => void
  onAdd: (cadence: Goal['cadence']) => void
  /** Always open, with no toggle (see GoalList's forceExpand). */
  forceExpand?: boolean
  /** The attributes whose totals targets ask for, by id (for their units). */
  attributes?: ReadonlyMap<string, Attribute>
}

const NO_ATTRIBUTES: ReadonlyMap<string, Attribute> = new Map()

/** One cadence of the Goals screen, collapsible; the collapse state is remembered (SPEC §2). */
export function GoalSection({
  section,
  onToggle,
  onEdit,
  onAdd,
  forceExpand = false,
  attributes = NO_ATTRIBUTES,
}: GoalSectionProps) {
  const t = useT()
  const text = CADENCE_TEXT[section.cadence]
  const title = t(text.title)
  const [collapsed, setCollapsed] = useStoredString<'true' | 'false'>(
    STORAGE_KEYS[text.collapsedKey],
    'false',
  )
  const expanded = forceExpand || collapsed !== 'true'
  const bodyId = useId()
  const count = section.items.length
  const label = (
    <Group gap="xs" wrap="nowrap" component="span">
      {forceExpand ? null : expanded ? (
        <IconChevronDown size={18} aria-hidden />
      ) : (
        <IconChevronRight size={18} aria-hidden />
      )}
      <span>{title}</span>
      {count > 0 && (
        <>
          <Badge variant="light" color="gray" size="sm" aria-hidden>
            {formatNumber(count)}
          </Badge>
          <VisuallyHidden component="span">
            {t('{count, plural, one {# goal} other {# goals}}', { count })}
          </VisuallyHidden>
        </>
      )}
    </Group>
  )

  // The heading holds its toggle (a heading inside a button is no heading to a screen reader,
  // whose list of headings then missed the three cadences).
  return (
    <section aria-label={title}>
      <Title order={2} size="h5">
        {forceExpand ? (
          <Box component="span" display="block" py={4}>
            {label}
          </Box>
        ) : (
          <UnstyledButton
            onClick={() => setCollapsed(expanded ? 'true' : 'false')}
            aria-expanded={expanded}
            aria-controls={bodyId}
            w="100%"
            py={4}
            style={{ font: 'inherit' }}
          >
            {label}
          </UnstyledButton>
        )}
      </Title>
      <Collapse expanded={expanded} id={bodyId}>
        <Stack gap={0} ps="md" pt={4}>
          {section.items.map((item) => (
            <GoalRow
              key={item.goal.id}
              goal={item.goal}
              activity={item.activity}
              done={item.done}
              progress={describeProgress(item.progress, attributes)}
              over={item.progress.over}
              onToggle={onToggle}
              onEdit={onEdit}
            />
          ))}
          {section.emptyState === 'allDone' && (
            <Text c="dark.1" py="xs">
              {t(text.allDone)}{' '}
              <span role="img" aria-label={t('party popper')}>
                🎉
              </span>
            </Text>
          )}
          {section.emptyState === 'noGoals' && (
            <Stack gap="xs" py="xs" align="flex-start">
              <Text c="dark.1">{t(text.noGoals)}</Text>
              {/* Fits one line on a 390 px phone and in home's goals panel (18 px sides left
                  "step" alone on a second line); narrower, its two lines are of a length. */}
              <Button
                variant="light"
                onClick={() => onAdd(section.cadence)}
                h="auto"
                py={8}
                px={10}
                maw="100%"
                styles={{
                  label: { whiteSpace: 'normal', textAlign: 'start', textWrap: 'balance' },
                }}
              >
                {t(text.startButton)}
              </Button>
            </Stack>
          )}
        </Stack>
      </Collapse>
    </section>
  )
}
