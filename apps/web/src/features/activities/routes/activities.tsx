import { Group, Text } from '@mantine/core'
import { IconFolderPlus, IconPlus } from '@tabler/icons-react'
import { HeaderActionButton, HeaderActions } from '../../../components/header-actions'
import { SegmentedChoice } from '../../../components/segmented-choice'
import { useOpenForm } from '../../../lib/form-opener'
import { type MessageKey, msg, useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { useStoredString } from '../../../lib/use-stored-string'
import { ActivityList, type HabitSort } from '../components/activity-list'

const SORTS: readonly { value: HabitSort; label: MessageKey }[] = [
  { value: 'recent', label: msg('Recently updated') },
  { value: 'name', label: msg('Name') },
  { value: 'mine', label: msg('My order') },
]

/**
 * /activities (Habits): the list, with add group and add activity in the header, and its 'Sort'
 * (issue 49): 'Recently updated' (SPEC's order, the default), 'Name', 'My order' (dragged or
 * moved by the keyboard), remembered on the device.
 */
export function Component() {
  const t = useT()
  const openForm = useOpenForm()
  const [sort, setSort] = useStoredString<HabitSort>('habitsSort', 'recent')
  return (
    <>
      <HeaderActions>
        <HeaderActionButton
          label={t('Add group')}
          icon={IconFolderPlus}
          onClick={() => openForm(paths.addGroup())}
        />
        <HeaderActionButton
          label={t('Add activity')}
          icon={IconPlus}
          onClick={() => openForm(paths.addActivity())}
        />
      </HeaderActions>
      <Group gap="xs" mb="sm" wrap="wrap">
        <Text size="sm" c="dimmed" component="span" aria-hidden>
          {t('Sort')}
        </Text>
        <SegmentedChoice
          label={t('Sort')}
          data={SORTS.map((choice) => ({ value: choice.value, label: t(choice.label) }))}
          value={sort}
          onChange={setSort}
        />
      </Group>
      <ActivityList sort={sort} />
    </>
  )
}
