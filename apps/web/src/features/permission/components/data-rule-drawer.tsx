import {
  DATA_RULE_CONDITIONS,
  DATA_RULE_VARIABLES,
  type DataRuleCondition,
  type DataRuleRecord,
  type PermissionRecord,
  permissionRoutes,
} from '@ics/contract';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, TextField, useEntityForm, useFormRules } from '../../../shared/ui/form';
import { Has } from '../../../shared/ui/has';
import { RowDelete, RowEdit } from '../../../shared/ui/list-page';
import { QueryTable } from '../../../shared/ui/query-table';
import { useDataRules, useRefreshDataRules } from '../api/get-data-rules';
import { useAddDataRule, useEditDataRule } from '../api/save-data-rule';
import { statusOptions } from './status-options';

type Values = {
  ruleName: string;
  ruleColumn: string;
  ruleConditions: DataRuleCondition;
  ruleValue: string;
  status: '0' | '1';
};

/** The data rules of one menu (sys_permission_data_rule). */
export function DataRuleDrawer({ menu, onClose }: { menu: PermissionRecord | null; onClose(): void }) {
  const { t } = useTranslation('permission');
  const rules = useFormRules();
  const list = useDataRules(menu?.id);
  const refresh = useRefreshDataRules(menu?.id);
  const addDataRule = useAddDataRule();
  const editDataRule = useEditDataRule();
  const form = useEntityForm<DataRuleRecord, Values>({
    defaults: { status: '1', ruleConditions: '=' },
    toValues: (r) => ({
      ruleName: r.ruleName,
      ruleColumn: r.ruleColumn ?? '',
      ruleConditions: r.ruleConditions as Values['ruleConditions'],
      ruleValue: r.ruleValue,
      status: r.status as '0' | '1',
    }),
    add: (v) => addDataRule.mutateAsync({ ...v, permissionId: menu?.id ?? '' }),
    edit: (v, r) => editDataRule.mutateAsync({ ...v, id: r.id, permissionId: r.permissionId }),
    errorFields: {
      'system.data_rule.bad_column': 'ruleColumn',
      'system.data_rule.bad_variable': 'ruleValue',
      'system.data_rule.bad_value': 'ruleValue',
    },
  });

  return (
    <Drawer
      open={Boolean(menu)}
      onClose={onClose}
      width={720}
      title={t('dataRulesTitle', { name: menu?.title ?? '' })}
    >
      <Has action="system:permission:edit">
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => void form.open()}>
          {t('addRule')}
        </Button>
      </Has>
      <QueryTable<DataRuleRecord>
        query={list}
        columns={[
          { key: 'ruleName', dataIndex: 'ruleName', title: t('ruleName') },
          { key: 'ruleColumn', dataIndex: 'ruleColumn', title: t('ruleColumn') },
          { key: 'ruleConditions', dataIndex: 'ruleConditions', title: t('ruleConditions') },
          { key: 'ruleValue', dataIndex: 'ruleValue', title: t('ruleValue') },
          {
            key: 'status',
            title: t('common.status'),
            render: (_: unknown, r) => (
              <Tag color={r.status === '1' ? 'green' : 'default'}>
                {r.status === '1' ? t('common.enabled') : t('common.disabled')}
              </Tag>
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, r) => (
              <>
                <RowEdit mark="system:permission:edit" onClick={() => form.open(r)} />
                <RowDelete route={permissionRoutes.deletePermissionRule} id={r.id} onDone={refresh} />
              </>
            ),
          },
        ]}
      />
      <EntityFormModal state={form.modalProps} title={{ add: t('addRule'), edit: t('editRule') }} width={520}>
        <TextField name="ruleName" label={t('ruleName')} rules={rules.requiredMax(100)} />
        <TextField
          name="ruleColumn"
          label={t('ruleColumn')}
          rules={rules.requiredMax(100, 'form.rule_column.required')}
          testId="data-rule-form-column"
        />
        <Form.Item name="ruleConditions" label={t('ruleConditions')} rules={[rules.requiredValue()]}>
          <Select options={DATA_RULE_CONDITIONS.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <TextField
          name="ruleValue"
          label={t('ruleValue')}
          rules={rules.requiredMax(300)}
          extra={DATA_RULE_VARIABLES.map((v) => `#{${v}}`).join('  ')}
        />
        <Form.Item name="status" label={t('common.status')}>
          <Radio.Group options={statusOptions(t)} />
        </Form.Item>
      </EntityFormModal>
    </Drawer>
  );
}
