import { type PermissionRecord, permissionRoutes } from '@ics/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import TreeSelect from 'antd/es/tree-select';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, TextField, useEntityForm, useFormRules } from '../../../shared/ui/form';
import { Has } from '../../../shared/ui/has';
import { RowAction, RowDelete, RowEdit } from '../../../shared/ui/list-page';
import { uniqueRule } from '../../../shared/ui/validators';
import { useMenuTree, useRefreshMenuTree } from '../api/get-menu-tree';
import { type MenuBody, useAddMenu, useEditMenu } from '../api/save-menu';
import '../locales';
import './permissions.css';
import { DataRuleDrawer } from './data-rule-drawer';
import { IconPicker } from './icon-picker';
import { MenuIcon } from './menu-icon';
import { statusOptions } from './status-options';

type Values = Omit<MenuBody, 'menuType'> & { menuType: number };

const TYPE_COLORS = ['blue', 'green', 'orange'] as const;

/** Only menus (not buttons) may be parents. */
function parentOptions(nodes: readonly PermissionRecord[] | undefined, exclude?: string): unknown[] {
  return (nodes ?? [])
    .filter((n) => n.menuType !== 2 && n.id !== exclude)
    .map((n) => ({ value: n.id, title: n.title, children: parentOptions(n.children, exclude) }));
}

/** `/system/permission`: the menu tree with its buttons, icons, routes and data rules. */
export default function PermissionListPage() {
  const { t } = useTranslation('permission');
  const rules = useFormRules();
  const tree = useMenuTree();
  const refresh = useRefreshMenuTree();
  const addMenu = useAddMenu();
  const editMenu = useEditMenu();
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [rulesOf, setRulesOf] = useState<PermissionRecord | null>(null);

  const form = useEntityForm<PermissionRecord, Values>({
    defaults: {
      menuType: 0,
      sortNo: 1,
      route: true,
      hidden: false,
      keepAlive: false,
      alwaysShow: false,
      internalOrExternal: false,
      permsType: '1',
      status: '1',
    },
    toValues: (r) => ({
      parentId: r.parentId,
      // The stored key (`menu.system`) or literal, not its translation in `name`.
      name: r.nameKey,
      url: r.url,
      component: r.component,
      componentName: r.componentName,
      redirect: r.redirect,
      menuType: r.menuType,
      perms: r.perms,
      permsType: (r.permsType as '1' | '2') ?? '1',
      sortNo: r.sortNo,
      alwaysShow: r.alwaysShow,
      icon: r.icon,
      route: r.route,
      keepAlive: r.keepAlive,
      hidden: r.hidden,
      internalOrExternal: r.internalOrExternal,
      status: (r.status as '0' | '1') ?? '1',
      description: r.description,
    }),
    add: (v) => addMenu.mutateAsync(v as MenuBody),
    edit: (v, r) => editMenu.mutateAsync({ ...(v as MenuBody), id: r.id }),
    errorFields: { 'system.permission.perms_taken': 'perms', 'system.permission.bad_parent': 'parentId' },
  });
  const menuType = Form.useWatch('menuType', form.form) ?? 0;
  const parents = useMemo(() => parentOptions(tree.data, form.record?.id), [tree.data, form.record]);
  const allParentIds = useMemo(() => {
    const ids: string[] = [];
    const walk = (nodes?: PermissionRecord[]) => {
      for (const n of nodes ?? []) {
        if (n.children?.length) {
          ids.push(n.id);
          walk(n.children);
        }
      }
    };
    walk(tree.data);
    return ids;
  }, [tree.data]);

  const columns = [
    {
      key: 'title',
      title: t('name'),
      render: (_: unknown, r: PermissionRecord) => (
        <span data-testid={`menu-row-${r.id}`}>
          <MenuIcon name={r.icon} /> {r.title}
        </span>
      ),
    },
    {
      key: 'menuType',
      title: t('menuType'),
      width: 120,
      render: (_: unknown, r: PermissionRecord) => (
        <Tag color={TYPE_COLORS[r.menuType] ?? 'default'}>
          {t(`types.${String(r.menuType) as '0' | '1' | '2'}`)}
        </Tag>
      ),
    },
    { key: 'url', dataIndex: 'url', title: t('url') },
    { key: 'component', dataIndex: 'component', title: t('component') },
    { key: 'perms', dataIndex: 'perms', title: t('perms') },
    { key: 'sortNo', dataIndex: 'sortNo', title: t('sortNo'), width: 70 },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 260,
      fixed: 'right' as const,
      render: (_: unknown, r: PermissionRecord) => (
        <>
          <RowEdit mark="system:permission:edit" onClick={() => form.open(r)} testId={`menu-edit-${r.id}`} />
          {r.menuType !== 2 && (
            <>
              <RowAction
                mark="system:permission:add"
                label={t('addChild')}
                onClick={() => form.open(null, { parentId: r.id, menuType: r.menuType === 0 ? 1 : 2 })}
                testId={`menu-add-child-${r.id}`}
              />
              <RowAction label={t('dataRules')} onClick={() => setRulesOf(r)} />
            </>
          )}
          <RowDelete
            route={permissionRoutes.delete}
            id={r.id}
            onDone={refresh}
            testId={`menu-delete-${r.id}`}
          />
        </>
      ),
    },
  ];

  return (
    <Card data-testid="list-menus">
      <div className="ics-list-page__toolbar" style={{ marginBottom: 12 }}>
        <div style={{ display: 'flex', gap: 8 }}>
          <Has action="system:permission:add">
            <Button type="primary" onClick={() => void form.open()} data-testid="list-menus-add">
              {t('common.add')}
            </Button>
          </Has>
          <Button onClick={() => setExpanded(allParentIds)}>{t('common.expandAll')}</Button>
          <Button onClick={() => setExpanded([])}>{t('common.collapseAll')}</Button>
        </div>
      </div>
      {tree.isError && <Alert type="error" showIcon message={(tree.error as Error).message} />}
      <Table<PermissionRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tree.data}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded ?? [],
          onExpandedRowsChange: (keys) => setExpanded(keys as string[]),
        }}
      />
      <EntityFormModal
        state={form.modalProps}
        title={{ add: t('addTitle'), edit: t('editTitle') }}
        width={820}
        testId="menu-form"
      >
        <Form.Item
          name="menuType"
          label={t('menuType')}
          rules={[rules.requiredValue('form.menu_type.invalid')]}
        >
          <Radio.Group
            optionType="button"
            options={(['0', '1', '2'] as const).map((v) => ({
              value: Number(v),
              label: t(`types.${v}`),
            }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <TextField
              name="name"
              label={t('name')}
              extra={t('nameHelp')}
              rules={rules.requiredMax(100, 'form.menu_name.required')}
              testId="menu-form-name"
            />
          </Col>
          {menuType !== 0 && (
            <Col span={12}>
              <Form.Item name="parentId" label={t('parent')} rules={[rules.requiredValue()]}>
                <TreeSelect
                  treeData={parents as never}
                  showSearch
                  treeNodeFilterProp="title"
                  allowClear
                  treeDefaultExpandAll={false}
                />
              </Form.Item>
            </Col>
          )}
          {menuType !== 2 && (
            <>
              <Col span={12}>
                <TextField
                  name="url"
                  label={t('url')}
                  rules={[rules.max(255)]}
                  input={{ placeholder: '/system/user' }}
                  testId="menu-form-url"
                />
              </Col>
              <Col span={12}>
                <TextField
                  name="component"
                  label={t('component')}
                  rules={[rules.max(255)]}
                  input={{ placeholder: 'system/UserList' }}
                />
              </Col>
              <Col span={12}>
                <TextField name="componentName" label={t('componentName')} rules={[rules.max(100)]} />
              </Col>
              {menuType === 0 && (
                <Col span={12}>
                  <TextField name="redirect" label={t('redirect')} rules={[rules.max(255)]} />
                </Col>
              )}
              <Col span={12}>
                <Form.Item name="icon" label={t('icon')}>
                  <IconPicker />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={12}>
            {/* A button's mark is what it is for; a menu may have none. */}
            <TextField
              name="perms"
              label={t('perms')}
              validateFirst
              validateDebounce={400}
              rules={[
                ...(menuType === 2 ? [rules.required()] : []),
                rules.max(255),
                uniqueRule('sys_permission', 'perms', form.record?.id),
              ]}
              input={{ placeholder: menuType === 2 ? 'system:user:add' : 'system:user:list' }}
              testId={menuType === 2 ? 'menu-form-perms' : undefined}
            />
          </Col>
          {menuType === 2 && (
            <>
              <Col span={12}>
                <Form.Item name="permsType" label={t('permsType')}>
                  <Radio.Group
                    options={(['1', '2'] as const).map((v) => ({
                      value: v,
                      label: t(`permsTypes.${v}`),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="status" label={t('buttonStatus')}>
                  <Radio.Group options={statusOptions(t)} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={12}>
            <Form.Item
              name="sortNo"
              label={t('sortNo')}
              rules={[rules.custom((v) => Number.isFinite(Number(v)), 'form.sort.number')]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {menuType !== 2 && (
          <Row gutter={16}>
            {(['route', 'hidden', 'keepAlive', 'alwaysShow'] as const).map((name) => (
              <Col span={6} key={name}>
                <Form.Item name={name} label={t(name)} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            ))}
            <Col span={12}>
              <Form.Item name="internalOrExternal" label={t('internalOrExternal')}>
                <Radio.Group
                  options={[
                    { value: false, label: t('internal') },
                    { value: true, label: t('external') },
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item name="description" label={t('common.description')} rules={[rules.max(255)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </EntityFormModal>
      <DataRuleDrawer menu={rulesOf} onClose={() => setRulesOf(null)} />
    </Card>
  );
}
