import { type RoleRecord, roleRoutes } from '@ics/contract';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useEntityForm, useFormRules } from '../../../shared/ui/form';
import { Has } from '../../../shared/ui/has';
import { type FilterField, type ListColumn, ListPage, RowDelete } from '../../../shared/ui/list-page';
import { uniqueRule } from '../../../shared/ui/validators';
import { useAddRole, useEditRole } from '../api/save-role';
import '../locales';
import { RolePermissionDrawer } from './role-permission-drawer';

type Values = { roleName: string; roleCode: string; description?: string };

/** `/system/role`: roles and their permission trees. */
export default function RoleListPage() {
  const { t } = useTranslation('role');
  const rules = useFormRules();
  const addRole = useAddRole();
  const editRole = useEditRole();
  const [authorizing, setAuthorizing] = useState<RoleRecord | null>(null);
  const form = useEntityForm<RoleRecord, Values>({
    toValues: (r) => ({
      roleName: r.roleName,
      roleCode: r.roleCode,
      description: r.description ?? undefined,
    }),
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
      <ListPage<RoleRecord>
        listKey="roles"
        routes={roleRoutes}
        columns={columns}
        filters={filters}
        onAdd={() => void form.open()}
        addMark="system:role:add"
        exportName={t('title')}
        actionsWidth={220}
        rowActions={(record, ctx) => (
          <>
            <Has action="system:role:edit">
              <Button
                type="link"
                size="small"
                onClick={() => void form.open(record)}
                data-testid={`role-edit-${record.roleCode}`}
              >
                {t('common.edit')}
              </Button>
            </Has>
            <Has action="system:role:authorize">
              <Button
                type="link"
                size="small"
                onClick={() => setAuthorizing(record)}
                data-testid={`role-authorize-${record.roleCode}`}
              >
                {t('authorize')}
              </Button>
            </Has>
            <RowDelete
              route={roleRoutes.delete}
              id={record.id}
              onDone={ctx.refresh}
              testId={`role-delete-${record.roleCode}`}
            />
          </>
        )}
      />
      <EntityFormModal
        state={form.modalProps}
        title={{ add: t('addTitle'), edit: t('editTitle') }}
        testId="role-form"
      >
        <Form.Item
          name="roleName"
          label={t('roleName')}
          rules={[rules.required('form.role_name.length'), rules.length(2, 30, 'form.role_name.length')]}
        >
          <Input data-testid="role-form-roleName" />
        </Form.Item>
        <Form.Item
          name="roleCode"
          label={t('roleCode')}
          validateFirst
          validateDebounce={400}
          rules={[
            rules.required('form.role_code.required'),
            rules.max(64),
            rules.notPattern(/[\u4e00-\u9fa5]/, 'form.role_code.chinese'),
            uniqueRule('sys_role', 'roleCode', form.record?.id),
          ]}
        >
          <Input data-testid="role-form-roleCode" />
        </Form.Item>
        <Form.Item name="description" label={t('common.description')} rules={[rules.max(255)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </EntityFormModal>
      <RolePermissionDrawer role={authorizing} onClose={() => setAuthorizing(null)} />
    </>
  );
}
