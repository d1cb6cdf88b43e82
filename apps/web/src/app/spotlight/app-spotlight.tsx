import { Spotlight, type SpotlightProps, spotlight } from '@mantine/spotlight'
import {
  IconCalendarPlus,
  IconChartBar,
  IconFlame,
  IconPlus,
  IconSearch,
  IconTarget,
} from '@tabler/icons-react'
import { useEffect, useMemo } from 'react'
import { useNavigate } from 'react-router'
import { useActiveActivities } from '../../api/activities'
import { useAuthState } from '../../lib/auth-state'
import { SPOTLIGHT_MAX_HEIGHT_PX } from '../../lib/constants'
import { useOpenForm } from '../../lib/form-opener'
import { useT } from '../../lib/i18n'
import { paths } from '../../lib/paths'

/**
 * While the search is open, the page behind it is out of reach: not focusable (`inert`) and not
 * read (`aria-hidden`), so a screen reader finds the search's own "Add Activity", not also the
 * page's. Lifted as soon as the search starts closing: Mantine gives the focus back 10 ms after,
 * during the closing transition, and an inert page would refuse it.
 */
function hidePage(hidden: boolean): void {
  const page = document.getElementById('root')
  if (!page) return
  page.inert = hidden
  if (hidden) page.setAttribute('aria-hidden', 'true')
  else page.removeAttribute('aria-hidden')
}

/** The spotlight: Add Activity, Add Event and the user's habits by name (SPEC §2 Layout). */
export default function AppSpotlight({ openRequest }: { openRequest: number }) {
  const t = useT()
  const openForm = useOpenForm()
  const navigate = useNavigate()
  const signedIn = useAuthState((auth) => Boolean(auth.user?.emailVerified))
  const { data: activityList = [] } = useActiveActivities()

  useEffect(() => {
    if (openRequest > 0) spotlight.open()
  }, [openRequest])
  useEffect(() => () => hidePage(false), [])

  const actions = useMemo<SpotlightProps['actions']>(() => {
    const commands = {
      group: t('Actions'),
      actions: [
        {
          id: 'add-activity',
          label: t('Add Activity'),
          leftSection: <IconPlus size={18} aria-hidden />,
          onClick: () => openForm(paths.addActivity()),
        },
        {
          id: 'add-event',
          label: t('Add Event'),
          leftSection: <IconCalendarPlus size={18} aria-hidden />,
          onClick: () => openForm(paths.addEvent()),
        },
        {
          id: 'goals',
          label: t('Goals'),
          leftSection: <IconTarget size={18} aria-hidden />,
          onClick: () => navigate(paths.goals()),
        },
        {
          id: 'statistics',
          label: t('Statistics'),
          leftSection: <IconChartBar size={18} aria-hidden />,
          onClick: () => navigate(paths.stats()),
        },
      ],
    }
    if (!signedIn) return []
    const habits = activityList.map((activity) => ({
      id: `activity-${activity.id}`,
      label: activity.name || t('Untitled'),
      leftSection: <IconFlame size={18} color={activity.color} aria-hidden />,
      onClick: () => navigate(paths.activity(activity.id)),
    }))
    return habits.length > 0 ? [commands, { group: t('Habits'), actions: habits }] : [commands]
  }, [activityList, navigate, openForm, signedIn, t])

  return (
    <Spotlight
      actions={actions}
      shortcut={null}
      onSpotlightOpen={() => hidePage(true)}
      onSpotlightClose={() => hidePage(false)}
      // The dialog is named (it has no title): a screen reader says what opened.
      attributes={{ content: { 'aria-label': t('Search') } }}
      nothingFound={t('Nothing found...')}
      highlightQuery
      // The list itself is capped: Mantine's `scrollable` + `maxHeight` never reach the dialog
      // (its content lacks the class that reads them), which left the list at the stylesheet's
      // 100vh - 15rem (560 px on a laptop). The viewport still bounds it on short screens.
      styles={{
        actionsList: { maxHeight: `min(${SPOTLIGHT_MAX_HEIGHT_PX}px, calc(100vh - 15rem))` },
      }}
      // A list longer than its box shows its scrollbar from the start (issue 51: cut off, with
      // no sign that more follows); Mantine's default shows it only while scrolling.
      scrollAreaProps={{ type: 'auto' }}
      searchProps={{
        placeholder: t('Search...'),
        'aria-label': t('Search habits and actions'),
        leftSection: <IconSearch size={18} stroke={1.5} aria-hidden />,
      }}
    />
  )
}
