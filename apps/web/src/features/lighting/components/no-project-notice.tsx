import { marks } from '@ics/contract';
import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { useHas } from '../../../shared/ui/has';
import { useAreaTree } from '../api/get-area-tree';
import '../locales';

/**
 * Says why the lighting pages are empty when the caller's departments see no project (projects
 * are visible to the departments linked to them and to their sub-departments).
 */
export function NoProjectNotice() {
  const { t } = useTranslation('lighting');
  const has = useHas();
  const allowed = has(marks.lighting.pole.list);
  const tree = useAreaTree(allowed);
  if (!allowed || !tree.isSuccess || tree.data.some((n) => n.type === 'project')) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('access.noProject')}
      style={{ marginBottom: 16 }}
      data-testid="no-project-notice"
    />
  );
}
