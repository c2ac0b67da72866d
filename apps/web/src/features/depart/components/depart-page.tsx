import type { DepartTreeNode } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Tree from 'antd/es/tree';
import TreeSelect from 'antd/es/tree-select';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAction } from '../../../shared/hooks/use-save-action';
import { errorMessage } from '../../../shared/lib/http';
import {
  EntityFormModal,
  SortOrderField,
  TextField,
  useEntityForm,
  useFormRules,
} from '../../../shared/ui/form';
import { Has, useHas } from '../../../shared/ui/has';
import { PermissionTreeEditor } from '../../permission';
import { usePermissionTree } from '../../role';
import { useDeleteDepart } from '../api/delete-depart';
import { useDepartPermissions } from '../api/get-depart-permissions';
import { useDepartTree } from '../api/get-depart-tree';
import { useAddDepart, useEditDepart } from '../api/save-depart';
import { useSaveDepartPermissions } from '../api/save-depart-permissions';
import { useDepartSearch } from '../api/search-departs';
import '../locales';
import { DepartRolePanel } from './depart-role-panel';
import { DepartUserPanel } from './depart-user-panel';

type Values = {
  parentId?: string | null;
  departName: string;
  orgType?: '1' | '2' | '3';
  departOrder?: number;
  description?: string;
};

function findNode(
  nodes: readonly DepartTreeNode[] | undefined,
  id: string | null,
): DepartTreeNode | undefined {
  for (const n of nodes ?? []) {
    if (n.id === id) return n;
    const below = findNode(n.children, id);
    if (below) return below;
  }
  return undefined;
}

/** `/system/depart`: the department tree with search, children, deletion and department permissions. */
export default function DepartPage() {
  const { t } = useTranslation('depart');
  const { message } = App.useApp();
  const rules = useFormRules();
  const has = useHas();
  const tree = useDepartTree();
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const savingPerms = useSaveAction();
  const found = useDepartSearch(keyword);
  const shownTree = keyword.trim() ? found.data : tree.data;
  const selected = findNode(tree.data, selectedId) ?? findNode(found.data, selectedId);
  const addDepart = useAddDepart();
  const editDepart = useEditDepart();
  const deleteDepart = useDeleteDepart();
  const savePermissions = useSaveDepartPermissions();

  const canAuthorize = has('system:depart:authorize');
  const permTree = usePermissionTree(Boolean(selected) && canAuthorize);
  const granted = useDepartPermissions(selectedId, canAuthorize);

  const form = useEntityForm<DepartTreeNode, Values>({
    defaults: { departOrder: 0, orgType: '2' },
    toValues: (d) => ({
      parentId: d.parentId,
      departName: d.departName,
      orgType: d.orgType as Values['orgType'],
      departOrder: d.departOrder,
      description: d.description ?? undefined,
    }),
    add: (v) => addDepart.mutateAsync(v),
    edit: (v, d) => editDepart.mutateAsync({ ...v, id: d.id }),
    errorFields: { 'system.depart.bad_parent': 'parentId', 'system.depart.cycle': 'parentId' },
  });

  const treeData = useMemo(() => shownTree ?? [], [shownTree]);

  const remove = async () => {
    if (!selected) return;
    try {
      const envelope = await deleteDepart.mutateAsync(selected.id);
      message.success(envelope.message);
      setSelectedId(null);
    } catch (error) {
      // "部门“x”下还有用户，不能删除" and similar refusals.
      message.error(errorMessage(error, ''));
    }
  };

  const orgTypes = (['1', '2', '3'] as const).map((v) => ({ value: v, label: t(`orgTypes.${v}`) }));

  return (
    <Row gutter={16} data-testid="depart-page">
      <Col xs={24} md={9} lg={8}>
        <Card
          title={t('title')}
          extra={
            <Has action="system:depart:add">
              <Button
                size="small"
                type="primary"
                onClick={() => void form.open(null, { parentId: null, orgType: '1' })}
                data-testid="depart-add-top"
              >
                {t('addTop')}
              </Button>
            </Has>
          }
        >
          <Input.Search
            allowClear
            placeholder={t('searchPlaceholder')}
            onSearch={setKeyword}
            style={{ marginBottom: 12 }}
            data-testid="depart-search"
          />
          {tree.isLoading || found.isFetching ? (
            <Spin />
          ) : treeData.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Tree
              key={keyword}
              defaultExpandAll
              treeData={treeData as never}
              fieldNames={{ title: 'departName', key: 'id', children: 'children' }}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => setSelectedId((keys[0] as string | undefined) ?? null)}
              titleRender={(n) => (
                <span data-testid={`depart-node-${(n as DepartTreeNode).orgCode}`}>
                  {(n as DepartTreeNode).departName}
                </span>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={15} lg={16}>
        <Card
          title={selected?.departName ?? t('title')}
          extra={
            selected && (
              <Space>
                <Has action="system:depart:add">
                  <Button
                    size="small"
                    onClick={() => void form.open(null, { parentId: selected.id })}
                    data-testid="depart-add-child"
                  >
                    {t('addChild')}
                  </Button>
                </Has>
                <Has action="system:depart:edit">
                  <Button size="small" onClick={() => void form.open(selected)} data-testid="depart-edit">
                    {t('common.edit')}
                  </Button>
                </Has>
                <Has action="system:depart:delete">
                  <Popconfirm title={t('deleteConfirm', { name: selected.departName })} onConfirm={remove}>
                    <Button size="small" danger data-testid="depart-delete">
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                </Has>
              </Space>
            )
          }
        >
          {!selected ? (
            <Empty description={t('selectHint')} />
          ) : (
            <Tabs
              items={[
                {
                  key: 'basic',
                  label: t('basic'),
                  children: (
                    <Descriptions column={1} bordered size="small">
                      <Descriptions.Item label={t('departName')}>{selected.departName}</Descriptions.Item>
                      <Descriptions.Item label={t('orgCode')}>{selected.orgCode}</Descriptions.Item>
                      <Descriptions.Item label={t('orgType')}>
                        {orgTypes.find((o) => o.value === selected.orgType)?.label ?? selected.orgType}
                      </Descriptions.Item>
                      <Descriptions.Item label={t('departOrder')}>{selected.departOrder}</Descriptions.Item>
                      <Descriptions.Item label={t('common.description')}>
                        {selected.description}
                      </Descriptions.Item>
                      <Descriptions.Item label={t('common.createTime')}>
                        {selected.createTime}
                      </Descriptions.Item>
                    </Descriptions>
                  ),
                },
                ...(canAuthorize
                  ? [
                      {
                        key: 'permissions',
                        label: t('permissions'),
                        children: (
                          <PermissionTreeEditor
                            testId="depart-permission-tree"
                            tree={permTree.data?.treeList}
                            granted={granted.data ?? null}
                            saving={savingPerms.saving}
                            onSave={(ids) =>
                              void savingPerms.run(
                                () =>
                                  savePermissions.mutateAsync({
                                    departId: selected.id,
                                    permissionIds: ids,
                                    lastpermissionIds: granted.data ?? [],
                                  }),
                                t('common.saved'),
                              )
                            }
                          />
                        ),
                      },
                      {
                        key: 'roles',
                        label: t('roles'),
                        children: <DepartRolePanel key={selected.id} depart={selected} />,
                      },
                      {
                        key: 'users',
                        label: t('users'),
                        children: <DepartUserPanel key={selected.id} depart={selected} />,
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </Card>
      </Col>
      <EntityFormModal
        state={form.modalProps}
        title={{ add: t('addTitle'), edit: t('common.edit') }}
        testId="depart-form"
      >
        <Form.Item
          name="parentId"
          label={t('parent')}
          extra={form.record !== null ? t('move') : undefined}
          normalize={(v) => v ?? null}
        >
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={tree.data as never}
            fieldNames={{ label: 'departName', value: 'id', children: 'children' }}
            data-testid="depart-form-parent"
          />
        </Form.Item>
        <TextField
          name="departName"
          label={t('departName')}
          rules={rules.requiredMax(100, 'form.depart_name.required')}
          testId="depart-form-name"
        />
        <Form.Item name="orgType" label={t('orgType')}>
          <Select options={orgTypes} />
        </Form.Item>
        <SortOrderField name="departOrder" label={t('departOrder')} />
        <Form.Item name="description" label={t('common.description')} rules={[rules.max(500)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </EntityFormModal>
    </Row>
  );
}
