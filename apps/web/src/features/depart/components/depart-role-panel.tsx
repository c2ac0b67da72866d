import { type DepartRoleRecord, type DepartTreeNode, departRoutes } from '@ics/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, recordValues, useEntityForm } from '../../../shared/ui/form';
import { Has } from '../../../shared/ui/has';
import { type ListColumn, ListPage, RowAction, RowDelete, RowEdit } from '../../../shared/ui/list-page';
import { PermissionGrantDrawer } from '../../permission';
import { RoleFields } from '../../role';
import { useDepartRolePermissions } from '../api/get-depart-role-permissions';
import { useDepartRoleTree } from '../api/get-depart-role-tree';
import { useAddDepartRole, useEditDepartRole } from '../api/save-depart-role';
import { saveDepartRolePermissions } from '../api/save-depart-role-permissions';

type Values = { roleName: string; roleCode: string; description?: string };

/** The roles a department defines for its members: list, add, edit, delete and grant. */
export function DepartRolePanel({ depart }: { depart: DepartTreeNode }) {
  const { t } = useTranslation('depart');
  const addDepartRole = useAddDepartRole();
  const editDepartRole = useEditDepartRole();
  const [authorizing, setAuthorizing] = useState<DepartRoleRecord | null>(null);
  const form = useEntityForm<DepartRoleRecord, Values>({
    toValues: recordValues('roleName', 'roleCode', 'description'),
    add: (v) => addDepartRole.mutateAsync({ ...v, departId: depart.id }),
    edit: (v, r) => editDepartRole.mutateAsync({ ...v, id: r.id, departId: r.departId }),
    errorFields: { 'system.depart_role.code_taken': 'roleCode' },
  });

  const columns: ListColumn<DepartRoleRecord>[] = [
    { key: 'roleName', title: t('roleName'), sorter: true },
    { key: 'roleCode', title: t('roleCode'), sorter: true },
    { key: 'description', title: t('common.description') },
    { key: 'createTime', title: t('common.createTime'), sorter: true },
  ];

  return (
    <>
      <ListPage<DepartRoleRecord>
        listKey="depart-roles"
        routes={{ list: departRoutes.roleList, deleteBatch: departRoutes.roleDeleteBatch }}
        columns={columns}
        filters={[{ name: 'roleName', label: t('roleName'), kind: 'text' }]}
        extraQuery={{ deptId: depart.id }}
        onAdd={() => void form.open()}
        addMark="system:depart:authorize"
        actionsWidth={200}
        size="small"
        rowActions={(record, ctx) => (
          <Has action="system:depart:authorize">
            <RowEdit onClick={() => form.open(record)} testId={`depart-role-edit-${record.roleCode}`} />
            <RowAction
              label={t('authorizeRole')}
              onClick={() => setAuthorizing(record)}
              testId={`depart-role-authorize-${record.roleCode}`}
            />
            <RowDelete
              route={departRoutes.roleDelete}
              id={record.id}
              onDone={ctx.refresh}
              testId={`depart-role-delete-${record.roleCode}`}
            />
          </Has>
        )}
      />
      <EntityFormModal
        state={form.modalProps}
        title={{ add: t('addRoleTitle'), edit: t('editRoleTitle') }}
        testId="depart-role-form"
      >
        <RoleFields label={(field) => t(field)} testId="depart-role-form" />
      </EntityFormModal>
      <DepartRolePermissionDrawer depart={depart} role={authorizing} onClose={() => setAuthorizing(null)} />
    </>
  );
}

/** A department role's permissions: a subset of its department's, in the half-checking tree. */
function DepartRolePermissionDrawer({
  depart,
  role,
  onClose,
}: {
  depart: DepartTreeNode;
  role: DepartRoleRecord | null;
  onClose(): void;
}) {
  const { t } = useTranslation('depart');
  const tree = useDepartRoleTree(depart.id, Boolean(role));
  const granted = useDepartRolePermissions(role?.id);
  return (
    <PermissionGrantDrawer
      open={Boolean(role)}
      onClose={onClose}
      title={t('roleAuthorizeTitle', { name: role?.roleName ?? '' })}
      testId="depart-role-permission-tree"
      tree={tree.data?.treeList}
      granted={granted.data ?? null}
      // Only an open drawer saves, and it is open for a role.
      save={(ids) => saveDepartRolePermissions(role!.id, ids, granted.data ?? [])}
      savedText={t('common.saved')}
    />
  );
}
