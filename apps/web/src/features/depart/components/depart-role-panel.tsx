import { type DepartRoleRecord, type DepartTreeNode, departRoutes } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useEntityForm, useFormRules } from '../../../shared/ui/form';
import { Has } from '../../../shared/ui/has';
import { type ListColumn, ListPage, RowDelete } from '../../../shared/ui/list-page';
import { PermissionTreeEditor } from '../../permission';
import { useDepartRolePermissions } from '../api/get-depart-role-permissions';
import { useDepartRoleTree } from '../api/get-depart-role-tree';
import { useAddDepartRole, useEditDepartRole } from '../api/save-depart-role';
import { saveDepartRolePermissions } from '../api/save-depart-role-permissions';

type Values = { roleName: string; roleCode: string; description?: string };

/** The roles a department defines for its members: list, add, edit, delete and grant. */
export function DepartRolePanel({ depart }: { depart: DepartTreeNode }) {
  const { t } = useTranslation('depart');
  const rules = useFormRules();
  const addDepartRole = useAddDepartRole();
  const editDepartRole = useEditDepartRole();
  const [authorizing, setAuthorizing] = useState<DepartRoleRecord | null>(null);
  const form = useEntityForm<DepartRoleRecord, Values>({
    toValues: (r) => ({
      roleName: r.roleName,
      roleCode: r.roleCode,
      description: r.description ?? undefined,
    }),
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
            <Button
              type="link"
              size="small"
              onClick={() => void form.open(record)}
              data-testid={`depart-role-edit-${record.roleCode}`}
            >
              {t('common.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => setAuthorizing(record)}
              data-testid={`depart-role-authorize-${record.roleCode}`}
            >
              {t('authorizeRole')}
            </Button>
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
        <Form.Item
          name="roleName"
          label={t('roleName')}
          rules={[rules.required('form.role_name.length'), rules.length(2, 30, 'form.role_name.length')]}
        >
          <Input data-testid="depart-role-form-roleName" />
        </Form.Item>
        <Form.Item
          name="roleCode"
          label={t('roleCode')}
          rules={[
            rules.required('form.role_code.required'),
            rules.max(64),
            rules.notPattern(/[\u4e00-\u9fa5]/, 'form.role_code.chinese'),
          ]}
        >
          <Input data-testid="depart-role-form-roleCode" />
        </Form.Item>
        <Form.Item name="description" label={t('common.description')} rules={[rules.max(255)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
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
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const tree = useDepartRoleTree(depart.id, Boolean(role));
  const granted = useDepartRolePermissions(role?.id);
  return (
    <Drawer
      open={Boolean(role)}
      onClose={onClose}
      width={520}
      title={t('roleAuthorizeTitle', { name: role?.roleName ?? '' })}
      destroyOnHidden
    >
      {role && (
        <PermissionTreeEditor
          testId="depart-role-permission-tree"
          tree={tree.data?.treeList}
          granted={granted.data ?? null}
          saving={saving}
          onSave={async (ids) => {
            setSaving(true);
            try {
              const envelope = await saveDepartRolePermissions(role.id, ids, granted.data ?? []);
              message.success(envelope.message || t('common.saved'));
              onClose();
            } catch {
              // the HTTP client showed the server's message
            } finally {
              setSaving(false);
            }
          }}
        />
      )}
    </Drawer>
  );
}
