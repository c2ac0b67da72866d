import { type DictItemRecord, type DictRecord, dictRoutes } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshDictionaries } from '../../../shared/ui/dict';
import {
  recordValues,
  SortOrderField,
  TextField,
  useEntityForm,
  useFormRules,
} from '../../../shared/ui/form';
import { Has } from '../../../shared/ui/has';
import { EntityListPage, type ListColumn, RowAction, textFilters } from '../../../shared/ui/list-page';
import { uniqueRule } from '../../../shared/ui/validators';
import { useRefreshDictCache } from '../api/refresh-dict-cache';
import { useAddDict, useEditDict } from '../api/save-dict';
import { useAddDictItem, useEditDictItem } from '../api/save-dict-item';
import '../locales';

type DictValues = { dictName: string; dictCode: string; description?: string };
type ItemValues = {
  itemText: string;
  itemValue: string;
  description?: string;
  sortOrder?: number;
  status?: number;
};

const itemRoutes = { list: dictRoutes.itemList, deleteBatch: dictRoutes.itemDeleteBatch };

/** `/system/dict`: dictionaries, their items in a drawer, and the cache refresh. */
export default function DictListPage() {
  const { t } = useTranslation('dict');
  const { message } = App.useApp();
  const rules = useFormRules();
  const addDict = useAddDict();
  const editDict = useEditDict();
  const refreshCache = useRefreshDictCache();
  const [itemsOf, setItemsOf] = useState<DictRecord | null>(null);
  const form = useEntityForm<DictRecord, DictValues>({
    toValues: recordValues('dictName', 'dictCode', 'description'),
    add: (v) => addDict.mutateAsync(v),
    edit: (v, r) => editDict.mutateAsync({ ...v, id: r.id }),
    errorFields: { 'system.dict.code_taken': 'dictCode' },
  });

  const columns: ListColumn<DictRecord>[] = [
    { key: 'dictName', title: t('dictName'), sorter: true },
    { key: 'dictCode', title: t('dictCode'), sorter: true },
    { key: 'description', title: t('common.description') },
    { key: 'createTime', title: t('common.createTime'), sorter: true },
  ];

  return (
    <>
      <EntityListPage
        listKey="dicts"
        routes={dictRoutes}
        columns={columns}
        filters={textFilters((name) => t(name), 'dictName', 'dictCode')}
        addMark="system:dict:add"
        exportName={t('title')}
        actionsWidth={200}
        onDeleted={refreshDictionaries}
        toolbar={() => (
          <Has action="system:dict:edit">
            <Button
              data-testid="dicts-refresh-cache"
              onClick={async () => {
                const envelope = await refreshCache.mutateAsync().catch(() => null);
                if (envelope) message.success(envelope.message);
              }}
            >
              {t('refreshCache')}
            </Button>
          </Has>
        )}
        rowActions={(record) => (
          <RowAction
            label={t('items')}
            onClick={() => setItemsOf(record)}
            testId={`dict-items-${record.dictCode}`}
          />
        )}
        rowDelete={{ route: dictRoutes.delete }}
        form={form}
        edit={{ mark: 'system:dict:edit' }}
        dialog={{ title: { add: t('addTitle'), edit: t('editTitle') }, testId: 'dict-form' }}
      >
        <TextField
          name="dictName"
          label={t('dictName')}
          rules={rules.requiredMax(100, 'form.dict_name.required')}
        />
        <TextField
          name="dictCode"
          label={t('dictCode')}
          validateFirst
          validateDebounce={400}
          rules={[
            rules.required('form.dict_code.required'),
            rules.max(100),
            rules.pattern(/^[A-Za-z0-9_.-]+$/, 'form.i18n_key.chars'),
            uniqueRule('sys_dict', 'dictCode', form.record?.id),
          ]}
        />
        <Form.Item name="description" label={t('common.description')} rules={[rules.max(255)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </EntityListPage>
      <Drawer
        open={Boolean(itemsOf)}
        onClose={() => setItemsOf(null)}
        width={760}
        title={t('itemsTitle', { name: itemsOf?.dictName ?? '' })}
        destroyOnHidden
      >
        {itemsOf && <DictItems dict={itemsOf} />}
      </Drawer>
    </>
  );
}

function DictItems({ dict }: { dict: DictRecord }) {
  const { t } = useTranslation('dict');
  const rules = useFormRules();
  const addDictItem = useAddDictItem();
  const editDictItem = useEditDictItem();
  const extra = useMemo(() => ({ dictId: dict.id, column: 'sortOrder', order: 'asc' }), [dict.id]);
  const form = useEntityForm<DictItemRecord, ItemValues>({
    defaults: { sortOrder: 1, status: 1 },
    toValues: recordValues('itemText', 'itemValue', 'description', 'sortOrder', 'status'),
    add: (v) => addDictItem.mutateAsync({ ...v, dictId: dict.id }),
    edit: (v, r) => editDictItem.mutateAsync({ ...v, id: r.id, dictId: dict.id }),
    errorFields: { 'system.dict_item.value_taken': 'itemValue' },
  });
  const columns: ListColumn<DictItemRecord>[] = [
    { key: 'itemText', title: t('itemText') },
    { key: 'itemValue', title: t('itemValue') },
    { key: 'sortOrder', title: t('common.sortOrder'), width: 80 },
    {
      key: 'status',
      title: t('common.status'),
      width: 90,
      render: (_: unknown, r: DictItemRecord) => (
        <Tag color={r.status === 1 ? 'green' : 'default'}>
          {r.status === 1 ? t('common.enabled') : t('common.disabled')}
        </Tag>
      ),
    },
  ];
  return (
    <EntityListPage
      listKey="dict-items"
      routes={itemRoutes}
      columns={columns}
      filters={textFilters((name) => t(name), 'itemText')}
      extraQuery={extra}
      addMark="system:dict:add"
      onDeleted={refreshDictionaries}
      bordered={false}
      size="small"
      rowDelete={{ route: dictRoutes.itemDelete }}
      form={form}
      edit={{ mark: 'system:dict:edit' }}
      dialog={{ title: { add: t('addItemTitle'), edit: t('editItemTitle') }, width: 520 }}
    >
      <TextField
        name="itemText"
        label={t('itemText')}
        rules={rules.requiredMax(100, 'form.item_text.required')}
      />
      <TextField
        name="itemValue"
        label={t('itemValue')}
        rules={rules.requiredMax(100, 'form.item_value.required')}
      />
      <SortOrderField name="sortOrder" label={t('common.sortOrder')} />
      <Form.Item name="status" label={t('common.status')}>
        <Radio.Group
          options={[
            { value: 1, label: t('common.enabled') },
            { value: 0, label: t('common.disabled') },
          ]}
        />
      </Form.Item>
      <Form.Item name="description" label={t('common.description')} rules={[rules.max(255)]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </EntityListPage>
  );
}
