import { ActionIcon } from '@mantine/core'
import { IconFolderPlus, IconPlus } from '@tabler/icons-react'
import { paths } from '../../../app/paths'
import { HeaderActions } from '../../../components/header-actions'
import { useOpenForm } from '../../../lib/form-opener'
import { ActivityList } from '../components/activity-list'

/** /activities (Habits): the list, with add group and add activity in the header. */
export function Component() {
  const openForm = useOpenForm()
  return (
    <>
      <HeaderActions>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Add group"
          onClick={() => openForm(paths.addGroup())}
        >
          <IconFolderPlus aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Add activity"
          onClick={() => openForm(paths.addActivity())}
        >
          <IconPlus aria-hidden />
        </ActionIcon>
      </HeaderActions>
      <ActivityList />
    </>
  )
}
