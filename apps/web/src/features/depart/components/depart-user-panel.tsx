import type { DepartTreeNode, UserRecord } from '@ics/contract';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAction } from '../../../shared/hooks/use-save-action';
import { RowAction } from '../../../shared/ui/list-page';
import { QueryTable } from '../../../shared/ui/query-table';
import { useDepartRoles } from '../api/get-depart-roles';
import { useDepartUsers } from '../api/get-depart-users';
import { useUserDepartRoles } from '../api/get-user-depart-roles';
import { saveUserDepartRoles } from '../api/save-user-depart-roles';

/** The department's users, each assignable the department's roles. */
export function DepartUserPanel({ depart }: { depart: DepartTreeNode }) {
  const { t } = useTranslation('depart');
  const [assigning, setAssigning] = useState<UserRecord | null>(null);
  const users = useDepartUsers(depart.id);
  return (
    <>
      <QueryTable<UserRecord>
        query={users}
        data-testid="depart-users"
        columns={[
          { key: 'username', dataIndex: 'username', title: t('user.username') },
          { key: 'realname', dataIndex: 'realname', title: t('user.realname') },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, u) => (
              <RowAction
                mark="system:depart:authorize"
                label={t('assignRoles')}
                onClick={() => setAssigning(u)}
                testId={`depart-user-roles-${u.username}`}
              />
            ),
          },
        ]}
      />
      <AssignRolesModal depart={depart} user={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}

function AssignRolesModal({
  depart,
  user,
  onClose,
}: {
  depart: DepartTreeNode;
  user: UserRecord | null;
  onClose(): void;
}) {
  const { t } = useTranslation('depart');
  const [checked, setChecked] = useState<string[]>([]);
  const { saving, run } = useSaveAction();
  const roles = useDepartRoles(depart.id, Boolean(user));
  const held = useUserDepartRoles(user?.id, depart.id);
  useEffect(() => setChecked(held.data ?? []), [held.data]);

  const save = () => {
    if (user) void run(() => saveUserDepartRoles(user.id, depart.id, checked), t('common.saved'), onClose);
  };

  return (
    <Modal
      open={Boolean(user)}
      title={t('assignTitle', { name: user?.realname || user?.username || '' })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'depart-user-roles-save' } as never}
      destroyOnHidden
    >
      {roles.isLoading || held.isLoading ? (
        <Spin />
      ) : (roles.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRoles')} />
      ) : (
        <Checkbox.Group
          data-testid="depart-user-roles-options"
          value={checked}
          onChange={(v) => setChecked(v as string[])}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
        />
      )}
    </Modal>
  );
}
