import { type RoleRecord, roleRoutes } from '@ics/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordValues, useEntityForm } from '../../../shared/ui/form';
import { EntityListPage, type FilterField, type ListColumn, RowAction } from '../../../shared/ui/list-page';
import { uniqueRule } from '../../../shared/ui/validators';
import { useAddRole, useEditRole } from '../api/save-role';
import '../locales';
import { RoleFields } from './role-fields';
import { RolePermissionDrawer } from './role-permission-drawer';

type Values = { roleName: string; roleCode: string; description?: string };

/** `/system/role`: roles and their permission trees. */
export default function RoleListPage() {
  const { t } = useTranslation('role');
  const addRole = useAddRole();
  const editRole = useEditRole();
  const [authorizing, setAuthorizing] = useState<RoleRecord | null>(null);
  const form = useEntityForm<RoleRecord, Values>({
    toValues: recordValues('roleName', 'roleCode', 'description'),
    add: (v) => addRole.mutateAsync(v),
    edit: (v, r) => editRole.mutateAsync({ ...v, id: r.id }),
    errorFields: { 'system.role.code_taken': 'roleCode', 'system.role.admin_code': 'roleCode' },
  });

  const columns: ListColumn<RoleRecord>[] = [
    { key: 'roleName', title: t('roleName'), sorter: true },
    { key: 'roleCode', title: t('roleCode'), sorter: true },
    { key: 'description', title: t('common.description') },
    { key: 'createTime', title: t('common.createTime'), sorter: true },
  ];
  const filters: FilterField[] = [
    { name: 'roleName', label: t('roleName'), kind: 'text' },
    { name: 'roleCode', label: t('roleCode'), kind: 'text' },
    { name: 'createTime', label: t('common.createTime'), kind: 'dateRange' },
  ];

  return (
    <>
      <EntityListPage
        listKey="roles"
        routes={roleRoutes}
        columns={columns}
        filters={filters}
        addMark="system:role:add"
        exportName={t('title')}
        actionsWidth={220}
        rowActions={(record) => (
          <RowAction
            mark="system:role:authorize"
            label={t('authorize')}
            onClick={() => setAuthorizing(record)}
            testId={`role-authorize-${record.roleCode}`}
          />
        )}
        rowDelete={{ route: roleRoutes.delete, testId: (r) => `role-delete-${r.roleCode}` }}
        form={form}
        edit={{ mark: 'system:role:edit', testId: (r) => `role-edit-${r.roleCode}` }}
        dialog={{ title: { add: t('addTitle'), edit: t('editTitle') }, testId: 'role-form' }}
      >
        <RoleFields
          label={(field) => t(field)}
          testId="role-form"
          codeCheck={uniqueRule('sys_role', 'roleCode', form.record?.id)}
        />
      </EntityListPage>
      <RolePermissionDrawer role={authorizing} onClose={() => setAuthorizing(null)} />
    </>
  );
}
