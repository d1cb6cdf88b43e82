import type { Activity, Attribute, Group as GroupRecord } from '@kindling/core'
import {
  compareCodeUnits,
  compareNames,
  isActive,
  isDeleted,
  planMove,
  sortByPosition,
  sortByRecent,
} from '@kindling/core'
import { Box, Group, Skeleton, Stack, Text } from '@mantine/core'
import { memo, type ReactNode, useCallback, useMemo, useState } from 'react'
import { activities as activityRecords, useActivities } from '../../../api/activities'
import { useAttributes } from '../../../api/attributes'
import { groups as groupRecords, useGroups } from '../../../api/groups'
import { ActivityBadge } from '../../../components/activity-badge'
import { NoHabitsYet } from '../../../components/no-habits'
import { PlainList } from '../../../components/plain-list'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { useNow } from '../../../lib/use-now'
import { FIRST_ROWS, rowBudget, useRowLimit } from '../../../lib/use-row-limit'
import { useCollapsedGroups, useStreaksCollapsed } from '../hooks/use-collapse-state'
import { useStreaks } from '../hooks/use-streaks'
import { useWeekEvents } from '../hooks/use-week-events'
import classes from './activity-list.module.css'
import { ActivityRow } from './activity-row'
import { CollapsibleSection } from './collapsible-section'
import { GroupMenu } from './group-menu'
import { MoveButtons } from './move-buttons'
import { StreakFlame } from './streak-flame'

const NO_ATTRIBUTES: readonly Attribute[] = []

/** The orders of the list (issue 49): SPEC's most recently updated, by name, the user's own. */
export type HabitSort = 'recent' | 'name' | 'mine'

export interface ActivityListProps {
  /** A narrower list for side columns: no week strips and no attributes. */
  compact?: boolean
  sort?: HabitSort
}

/** Records in the order `sort` says (newest edit first as SPEC's, for ties too). */
function sortRecords<
  T extends {
    id: string
    name: string
    createdAt: string
    updatedAt?: string | null
    position?: string | null
  },
>(records: readonly T[], sort: HabitSort): T[] {
  const recent = sortByRecent(records)
  if (sort === 'name') {
    return recent.sort((a, b) => compareNames(a.name, b.name) || compareCodeUnits(a.id, b.id))
  }
  return sort === 'mine' ? sortByPosition(recent) : recent
}

/**
 * Moves the record at `from` of `list` (shown in the user's order) to `to`: core's planMove gives
 * the positions to store, usually the moved record's alone.
 */
function moveActivity(list: readonly Activity[], from: number, to: number) {
  for (const write of planMove(list, from, to)) {
    const activity = list.find((candidate) => candidate.id === write.id)
    if (!activity) continue
    void activityRecords
      .update({ id: write.id, name: activity.name, position: write.position })
      .catch((error: unknown) => console.error(error))
  }
}

function moveGroup(list: readonly GroupRecord[], from: number, to: number) {
  for (const write of planMove(list, from, to)) {
    const group = list.find((candidate) => candidate.id === write.id)
    if (!group) continue
    void groupRecords
      .update({
        id: write.id,
        name: group.name,
        activities: group.activities,
        position: write.position,
      })
      .catch((error: unknown) => console.error(error))
  }
}

/**
 * The habits list (SPEC §2 Activities list): Streaks, then the groups with their activities,
 * then the ungrouped activities, each sorted newest first (updatedAt else createdAt).
 * Self-contained: it loads what it shows, so the home screen can place it as it is.
 */
export function ActivityList({ compact = false, sort = 'recent' }: ActivityListProps) {
  const t = useT()
  const activitiesQuery = useActivities()
  const groupsQuery = useGroups()
  const attributesQuery = useAttributes()
  const now = useNow()

  const activities = useMemo(
    () => sortRecords((activitiesQuery.data ?? []).filter(isActive), sort),
    [activitiesQuery.data, sort],
  )
  const reordering = sort === 'mine' && !compact
  // Archived habits (issue 49) wait in a section of their own at the end of /activities.
  const archived = useMemo(
    () =>
      sortByRecent(
        (activitiesQuery.data ?? []).filter(
          (activity) => !isDeleted(activity) && activity.archived,
        ),
      ),
    [activitiesQuery.data],
  )
  const [archivedCollapsed, setArchivedCollapsed] = useState(true)
  const { streaks } = useStreaks(activities, now)
  const week = useWeekEvents(now)
  const [streaksCollapsed, setStreaksCollapsed] = useStreaksCollapsed()
  const { collapsed, toggle } = useCollapsedGroups()

  const layout = useMemo(
    () => arrange(activities, groupsQuery.data ?? [], sort),
    [activities, groupsQuery.data, sort],
  )
  const groupList = useMemo(() => layout.groups.map((entry) => entry.group), [layout])
  const toggleStreaks = useCallback(
    () => setStreaksCollapsed((value) => !value),
    [setStreaksCollapsed],
  )
  const streakById = useMemo(
    () => new Map(streaks.map(({ activity, streak }) => [activity.id, streak])),
    [streaks],
  )
  const attributesByActivity = useMemo(() => {
    const map = new Map<string, Attribute[]>()
    for (const attribute of attributesQuery.data ?? []) {
      if (isDeleted(attribute)) continue
      const list = map.get(attribute.activityId) ?? []
      list.push(attribute)
      map.set(attribute.activityId, list)
    }
    return map
  }, [attributesQuery.data])

  const ready = !activitiesQuery.isLoading && !groupsQuery.isLoading
  // On its own page nothing follows the list, so rows drawn after the first screen move nothing;
  // beside other panels (home) it is drawn whole.
  const limit = useRowLimit(ready, compact ? Number.POSITIVE_INFINITY : FIRST_ROWS)

  if (!ready) return <ActivityListSkeleton />

  if (activitiesQuery.isError) {
    return (
      <Text c="gray.5" ta="center" py="xl">
        {t('Your habits could not be loaded. Check your connection and try again.')}
      </Text>
    )
  }

  if (activities.length === 0 && archived.length === 0) return <NoHabitsYet />

  // The first paint draws the rows of the open sections in page order up to `limit`; closed
  // sections draw theirs, and sections past the limit appear, once everything follows.
  const budget = rowBudget(limit)
  const visible = <T,>(rows: readonly T[], closed: boolean) =>
    closed ? (limit === Number.POSITIVE_INFINITY ? rows : []) : budget.take(rows)

  const renderRow = (activity: Activity, index: number, list: readonly Activity[]) => (
    <ActivityRow
      key={activity.id}
      activity={activity}
      streak={streakById.get(activity.id) ?? 0}
      attributes={attributesByActivity.get(activity.id) ?? NO_ATTRIBUTES}
      days={week.days}
      totals={week.habitDays?.get(activity.id)}
      compact={compact}
      reorder={
        reordering
          ? {
              index,
              count: list.length,
              move: (to) => moveActivity(list, index, to),
              moveFrom: (id) => {
                const from = list.findIndex((candidate) => candidate.id === id)
                if (from >= 0) moveActivity(list, from, index)
              },
            }
          : undefined
      }
    />
  )

  return (
    <Stack gap="md">
      {streaks.length > 0 && (
        <CollapsibleSection
          title={t('Streaks')}
          count={streaks.length}
          collapsed={streaksCollapsed}
          onToggle={toggleStreaks}
        >
          <PlainList label={t('Streaks')}>
            {visible(streaks, streaksCollapsed).map(({ activity, streak }) => (
              <StreakItem key={activity.id} activity={activity} streak={streak} />
            ))}
          </PlainList>
        </CollapsibleSection>
      )}

      {layout.groups.map(({ group, members }, groupIndex) =>
        budget.spent ? null : (
          <GroupSection
            key={group.id}
            group={group}
            count={members.length}
            index={groupIndex}
            groups={reordering ? groupList : undefined}
            collapsed={collapsed.includes(group.id)}
            toggle={toggle}
          >
            {members.length === 0 ? (
              <Text size="sm" c="gray.5" ps="lg">
                {t('No habits in this group.')}
              </Text>
            ) : (
              // Inset under a rule of the group's colour: the ungrouped habits that follow are
              // plainly not the group's.
              <Box ps="sm" style={{ borderInlineStart: `3px solid ${group.color}` }}>
                <PlainList>
                  {visible(members, collapsed.includes(group.id)).map((activity, index) =>
                    renderRow(activity, index, members),
                  )}
                </PlainList>
              </Box>
            )}
          </GroupSection>
        ),
      )}

      {layout.ungrouped.length > 0 && !budget.spent && (
        <PlainList label={t('Ungrouped habits')}>
          {budget
            .take(layout.ungrouped)
            .map((activity, index) => renderRow(activity, index, layout.ungrouped))}
        </PlainList>
      )}

      {!compact && archived.length > 0 && !budget.spent && (
        <CollapsibleSection
          title={t('Archived ({count, number})', { count: archived.length })}
          collapsed={archivedCollapsed}
          onToggle={() => setArchivedCollapsed((value) => !value)}
        >
          <PlainList label={t('Archived habits')}>
            {archived.map((activity) => (
              <Group
                component="li"
                key={activity.id}
                gap="sm"
                wrap="nowrap"
                aria-label={activity.name}
              >
                <ActivityBadge activity={activity} to={paths.activity(activity.id)} size="md" />
              </Group>
            ))}
          </PlainList>
        </CollapsibleSection>
      )}
    </Stack>
  )
}

/** A habit of the Streaks section: drawn again only when its habit or its streak changes. */
const StreakItem = memo(function StreakItem({
  activity,
  streak,
}: {
  activity: Activity
  streak: number
}) {
  return (
    <li className={classes.streak}>
      <ActivityBadge activity={activity} to={paths.activity(activity.id)} size="md" />
      <StreakFlame streak={streak} />
    </li>
  )
})

/**
 * A group's section. Its header (the colour, the count, the menu, in 'My order' the move
 * buttons; `groups` the list in that order) keeps its props while the group and its place do,
 * so that a new event draws again only the rows it changes.
 */
function GroupSection({
  group,
  count,
  index,
  groups,
  collapsed,
  toggle,
  children,
}: {
  group: GroupRecord
  count: number
  index: number
  groups: readonly GroupRecord[] | undefined
  collapsed: boolean
  toggle: (groupId: string) => void
  children: ReactNode
}) {
  const decoration = useMemo(
    () => <span className={classes.swatch} style={{ background: group.color }} aria-hidden />,
    [group.color],
  )
  const actions = useMemo(
    () => (
      <Group gap={4} wrap="nowrap">
        {groups && (
          <MoveButtons
            name={group.name}
            index={index}
            count={groups.length}
            move={(to) => moveGroup(groups, index, to)}
          />
        )}
        <GroupMenu group={group} />
      </Group>
    ),
    [group, groups, index],
  )
  const onToggle = useCallback(() => toggle(group.id), [toggle, group.id])
  return (
    <CollapsibleSection
      title={group.name}
      decoration={decoration}
      count={count}
      collapsed={collapsed}
      onToggle={onToggle}
      actions={actions}
    >
      {children}
    </CollapsibleSection>
  )
}

/** Groups (in the list's order) with their live activities, and the activities of no group. */
function arrange(activities: readonly Activity[], groups: readonly GroupRecord[], sort: HabitSort) {
  const grouped = new Set<string>()
  const liveGroups = sortRecords(
    groups.filter((group) => !isDeleted(group)),
    sort,
  )
  const result = liveGroups.map((group) => {
    const ids = new Set(group.activities)
    const members = activities.filter(
      (activity) => ids.has(activity.id) && !grouped.has(activity.id),
    )
    for (const member of members) grouped.add(member.id)
    return { group, members }
  })
  return { groups: result, ungrouped: activities.filter((activity) => !grouped.has(activity.id)) }
}

function ActivityListSkeleton() {
  const t = useT()
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('Loading habits')}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={96} radius="md" />
      ))}
    </Stack>
  )
}
