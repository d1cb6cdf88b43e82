import { IconFolderPlus, IconPlus } from '@tabler/icons-react'
import { HeaderActionButton, HeaderActions } from '../../../components/header-actions'
import { useOpenForm } from '../../../lib/form-opener'
import { paths } from '../../../lib/paths'
import { ActivityList } from '../components/activity-list'

/** /activities (Habits): the list, with add group and add activity in the header. */
export function Component() {
  const openForm = useOpenForm()
  return (
    <>
      <HeaderActions>
        <HeaderActionButton
          label="Add group"
          icon={IconFolderPlus}
          onClick={() => openForm(paths.addGroup())}
        />
        <HeaderActionButton
          label="Add activity"
          icon={IconPlus}
          onClick={() => openForm(paths.addActivity())}
        />
      </HeaderActions>
      <ActivityList />
    </>
  )
}
