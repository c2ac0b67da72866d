import { EMAIL_PATTERN, PHONE_PATTERN, type UserRecord, userRoutes } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form, { type Rule } from 'antd/es/form';
import Input, { type InputProps } from 'antd/es/input';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import TreeSelect, { type TreeSelectProps } from 'antd/es/tree-select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { DictSelect, TextField, useEntityForm, useFormRules } from '../../../shared/ui/form';
import { Has, useHas } from '../../../shared/ui/has';
import { EntityListPage, type FilterField, type ListColumn, RowAction } from '../../../shared/ui/list-page';
import { uniqueRule } from '../../../shared/ui/validators';
import { useDepartTree } from '../../depart';
import { useAllRoles } from '../../role';
import { useFreezeUsers } from '../api/freeze-users';
import { getUserRoles } from '../api/get-user-roles';
import { type UserAddBody, useAddUser, useEditUser } from '../api/save-user';
import '../locales';
import { AvatarField } from './avatar-field';
import { NewPasswordFields } from './new-password-fields';
import { ResetPasswordModal } from './reset-password-modal';

type UserFormValues = {
  username: string;
  realname: string;
  password?: string;
  confirmpassword?: string;
  phone?: string;
  email?: string;
  workNo?: string;
  post?: string;
  telephone?: string;
  /** Stored name of the uploaded avatar. */
  avatar?: string | null;
  sex?: string;
  roles?: string[];
  departs?: string[];
  /** 1 member, 2 department administrator of `managed`. */
  userIdentity?: 1 | 2;
  managed?: string[];
};

const USER_DEBOUNCE_MS = 400;

/** `/system/user`: users with roles, departments, freeze/unfreeze and password reset. */
/** Solid status tags: white text on these reads at 4.5:1 and more (antd's tinted presets do not). */
const STATUS_COLOURS = { active: '#237804', frozen: '#a8071a' };

export default function UserListPage() {
  const { t } = useTranslation('user');
  const { message, modal } = App.useApp();
  const has = useHas();
  const rules = useFormRules();
  const addUser = useAddUser();
  const editUser = useEditUser();
  const freezeUsers = useFreezeUsers();
  const roles = useAllRoles();
  const departs = useDepartTree(has('system:user:add') || has('system:user:edit'));
  const [resetting, setResetting] = useState<UserRecord | null>(null);

  const form = useEntityForm<UserRecord, UserFormValues>({
    defaults: { roles: [], departs: [], userIdentity: 1, managed: [] },
    toValues: async (record) => ({
      username: record.username,
      realname: record.realname,
      phone: record.phone ?? undefined,
      email: record.email ?? undefined,
      workNo: record.workNo ?? undefined,
      post: record.post ?? undefined,
      telephone: record.telephone ?? undefined,
      avatar: record.avatar,
      sex: record.sex ? String(record.sex) : undefined,
      departs: (record.departIds ?? '').split(',').filter(Boolean),
      userIdentity: record.userIdentity === 2 ? 2 : 1,
      managed: (record.managedDepartIds ?? '').split(',').filter(Boolean),
      roles: await getUserRoles(record.id).catch(() => []),
    }),
    add: (v) => addUser.mutateAsync(toBody(v) as UserAddBody),
    edit: (v, record) => editUser.mutateAsync({ ...toBody(v), id: record.id, username: undefined }),
    errorFields: {
      'auth.username_taken': 'username',
      'auth.phone_taken': 'phone',
      'auth.email_taken': 'email',
      'system.user.work_no_taken': 'workNo',
    },
  });
  const identity = Form.useWatch('userIdentity', form.form);
  const editingId = form.record?.id;

  const setStatus = (users: UserRecord[], status: 1 | 2, done?: () => void) => {
    const ids = users.map((u) => u.id);
    if (ids.length === 0) return;
    modal.confirm({
      title: status === 2 ? t('freeze') : t('unfreeze'),
      content: t(status === 2 ? 'freezeConfirm' : 'unfreezeConfirm', { count: ids.length }),
      okButtonProps: { 'data-testid': 'user-status-confirm' } as never,
      onOk: async () => {
        try {
          const envelope = await freezeUsers.mutateAsync({ ids, status });
          message.success(envelope.message || t(status === 2 ? 'frozenOk' : 'unfrozenOk'));
          done?.();
        } catch (error) {
          // Administrator accounts: the server's refusal ("管理员账号不允许此操作！").
          message.error(errorMessage(error, ''));
        }
      },
    });
  };

  const columns: ListColumn<UserRecord>[] = [
    { key: 'username', title: t('username'), sorter: true },
    { key: 'realname', title: t('realname'), sorter: true },
    { key: 'sex', dataIndex: 'sex_dictText', title: t('sex'), sorter: true, width: 80 },
    { key: 'birthday', title: t('birthday'), sorter: true, defaultHidden: true },
    { key: 'phone', title: t('phone'), sorter: true },
    { key: 'email', title: t('email'), sorter: true },
    { key: 'workNo', title: t('workNo'), sorter: true },
    { key: 'orgCodeTxt', title: t('departs') },
    { key: 'post', title: t('post'), defaultHidden: true },
    {
      key: 'status',
      title: t('status'),
      sorter: true,
      width: 90,
      render: (_: unknown, r: UserRecord & { status_dictText?: string }) => (
        <Tag color={r.status === 2 ? STATUS_COLOURS.frozen : STATUS_COLOURS.active}>
          {r.status_dictText ?? r.status}
        </Tag>
      ),
    },
    { key: 'createTime', title: t('common.createTime'), sorter: true },
  ];

  const filters: FilterField[] = [
    { name: 'username', label: t('username'), kind: 'text' },
    { name: 'realname', label: t('realname'), kind: 'text' },
    { name: 'phone', label: t('phone'), kind: 'text' },
    { name: 'sex', label: t('sex'), kind: 'dict', dictCode: 'sex' },
    { name: 'status', label: t('status'), kind: 'dict', dictCode: 'user_status' },
    { name: 'createTime', label: t('common.createTime'), kind: 'dateRange' },
  ];

  return (
    <>
      <EntityListPage
        listKey="users"
        routes={userRoutes}
        columns={columns}
        filters={filters}
        addMark="system:user:add"
        exportName={t('title')}
        selectable
        actionsWidth={300}
        toolbar={(ctx) => (
          <Has action="system:user:freeze">
            {([2, 1] as const).map((status) => (
              <Button
                key={status}
                disabled={ctx.selectedRows.length === 0}
                onClick={() => setStatus(ctx.selectedRows, status, ctx.clearSelection)}
                data-testid={`users-${status === 2 ? 'freeze' : 'unfreeze'}-selected`}
              >
                {t(status === 2 ? 'freezeSelected' : 'unfreezeSelected')}
              </Button>
            ))}
          </Has>
        )}
        rowActions={(record) => (
          <>
            <RowAction
              mark="system:user:password"
              label={t('resetPassword')}
              onClick={() => setResetting(record)}
              testId={`user-password-${record.username}`}
            />
            <RowAction
              mark="system:user:freeze"
              label={record.status === 2 ? t('unfreeze') : t('freeze')}
              onClick={() => setStatus([record], record.status === 2 ? 1 : 2)}
              testId={`user-${record.status === 2 ? 'unfreeze' : 'freeze'}-${record.username}`}
            />
          </>
        )}
        rowDelete={{ route: userRoutes.delete, testId: (r) => `user-delete-${r.username}` }}
        form={form}
        edit={{ mark: 'system:user:edit', testId: (r) => `user-edit-${r.username}` }}
        dialog={{ title: { add: t('addTitle'), edit: t('editTitle') }, testId: 'user-form', width: 760 }}
      >
        <Row gutter={16}>
          <UniqueField
            name="username"
            editingId={editingId}
            rules={[
              rules.required('form.username.required'),
              rules.length(2, 30, 'form.username.length'),
              rules.pattern(/^[A-Za-z0-9_.@-]+$/, 'form.username.chars'),
            ]}
            input={{ disabled: Boolean(editingId), autoComplete: 'off' }}
          />
          <Col span={12}>
            <TextField
              name="realname"
              label={t('realname')}
              rules={rules.requiredMax(64, 'form.realname.required')}
              testId="user-form-realname"
            />
          </Col>
          {!editingId && <NewPasswordFields label={t('password')} span={12} testId="user-form" />}
          <UniqueField name="workNo" editingId={editingId} rules={[rules.max(64, 'form.work_no.length')]} />
          <UniqueField
            name="phone"
            editingId={editingId}
            rules={[rules.pattern(PHONE_PATTERN, 'form.phone.invalid')]}
          />
          <UniqueField
            name="email"
            editingId={editingId}
            rules={[rules.pattern(EMAIL_PATTERN, 'form.email.invalid')]}
          />
          <Col span={12}>
            <Form.Item name="sex" label={t('sex')}>
              <DictSelect dictCode="sex" data-testid="user-form-sex" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="roles" label={t('roles')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('selectRoles')}
                loading={roles.isLoading}
                optionFilterProp="label"
                options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
                data-testid="user-form-roles"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="departs" label={t('departs')}>
              <DepartsSelect
                treeData={departs.data}
                placeholder={t('selectDeparts')}
                data-testid="user-form-departs"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="userIdentity" label={t('identity')}>
              <Radio.Group
                data-testid="user-form-identity"
                options={[
                  { value: 1, label: t('identities.1') },
                  { value: 2, label: t('identities.2') },
                ]}
              />
            </Form.Item>
          </Col>
          {identity === 2 && (
            <Col span={12}>
              <Form.Item
                name="managed"
                label={t('managedDeparts')}
                rules={[{ required: true, type: 'array', min: 1, message: t('managedRequired') }]}
              >
                <DepartsSelect treeData={departs.data} data-testid="user-form-managed" />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="post" label={t('post')} rules={[rules.max(100)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="telephone" label={t('telephone')} rules={[rules.max(45)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="avatar" label={t('avatar')} extra={t('avatarHint')}>
              <AvatarField />
            </Form.Item>
          </Col>
        </Row>
      </EntityListPage>
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

/** Several departments picked from the tree (searchable by name). */
function DepartsSelect(props: TreeSelectProps & { 'data-testid': string }) {
  return (
    <TreeSelect
      multiple
      allowClear
      treeDefaultExpandAll
      fieldNames={{ label: 'departName', value: 'id', children: 'children' }}
      treeNodeFilterProp="departName"
      showSearch
      {...props}
    />
  );
}

/**
 * A half-width text field whose value no other user may hold: checked with the server as
 * the user types (debounced), after the field's own rules.
 */
function UniqueField({
  name,
  editingId,
  rules,
  input,
}: {
  name: 'username' | 'workNo' | 'phone' | 'email';
  editingId: string | undefined;
  rules: Rule[];
  input?: InputProps;
}) {
  const { t } = useTranslation('user');
  return (
    <Col span={12}>
      <TextField
        name={name}
        label={t(name)}
        validateFirst
        validateDebounce={USER_DEBOUNCE_MS}
        rules={[...rules, uniqueRule('sys_user', name, editingId)]}
        testId={`user-form-${name}`}
        input={input}
      />
    </Col>
  );
}

function toBody(v: UserFormValues) {
  const { roles, departs, sex, managed, ...rest } = v;
  return {
    ...rest,
    managedDepartIds: v.userIdentity === 2 ? (managed ?? []).join(',') : '',
    sex: sex ? Number(sex) : null,
    selectedroles: (roles ?? []).join(','),
    selecteddeparts: (departs ?? []).join(','),
  };
}
