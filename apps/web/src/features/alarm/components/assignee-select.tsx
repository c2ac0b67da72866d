import { useTranslation } from 'react-i18next';
import { searchAssignees } from '../api/search-assignees';
import { UserSelect } from './user-select';
import '../locales';

/**
 * Chooses who a project's work order goes to: only users the server says may work on that
 * project's orders. Without a project yet, it waits for one.
 */
export function AssigneeSelect({
  projectId,
  value,
  onChange,
  initialLabel,
  id,
}: {
  projectId: string | undefined;
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** The current assignee's name, shown before any search. */
  initialLabel?: string | null;
  id?: string;
}) {
  const { t } = useTranslation('alarm');
  return (
    <UserSelect
      search={(text) => (projectId ? searchAssignees(projectId, text) : Promise.resolve([]))}
      searchKey={projectId ?? ''}
      disabled={!projectId}
      value={value}
      onChange={onChange}
      initialLabel={initialLabel}
      placeholder={projectId ? t('workorder.assignee') : t('workorder.assigneeNeedsProject')}
      testId="workorder-assignee"
      id={id}
    />
  );
}
