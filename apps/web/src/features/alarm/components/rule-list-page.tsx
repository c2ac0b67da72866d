import type { AlarmRuleDto, AlarmSeverity } from '@ics/contract';
import { alarmCodeText, alarmSeverities, toLanguage } from '@ics/contract';
import App from 'antd/es/app';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has, useHas } from '../../../shared/ui/has';
import { RowConfirm, RowEdit } from '../../../shared/ui/list-page';
import { useProjects } from '../../lighting';
import { searchUsers } from '../../user';
import { useResetRule, useRules, useSaveRule } from '../api/rules';
import { paramEntries, ruleParamFields, TEXT_PARAMS, toParams } from '../utils/rule-params';
import { SeverityTag } from './severity-tag';
import { UserSelect } from './user-select';
import { WebhookTab } from './webhook-tab';
import '../locales';
import { enabledColumn } from './enabled-column';
import { LoadFailed } from './query-state';

type RuleValues = {
  enabled: boolean;
  severity: AlarmSeverity;
  escalateAfterMinutes?: number | null;
  escalateRoleId?: string | null;
  escalateUserId?: string | null;
  [param: string]: unknown;
};

/** The rules of a project (its own and inherited) or the defaults, editable with `alarm:rule:edit`. */
function RulesTab() {
  const { t, i18n } = useTranslation('alarm');
  const lang = toLanguage(i18n.language);
  const { message } = App.useApp();
  const has = useHas();
  const canEdit = has('alarm:rule:edit');
  const { projects } = useProjects();
  const [projectId, setProjectId] = useState<string | null>(null);
  const rules = useRules(projectId);
  const save = useSaveRule();
  const reset = useResetRule();
  const [editing, setEditing] = useState<AlarmRuleDto | null>(null);
  const [form] = Form.useForm<RuleValues>();

  const send = async (rule: AlarmRuleDto, values: Partial<RuleValues>) => {
    await save.mutateAsync({
      projectId,
      type: rule.type,
      code: rule.code,
      enabled: values.enabled ?? rule.enabled,
      severity: values.severity ?? rule.severity,
      params: values === undefined ? rule.params : { ...rule.params, ...toParams(rule.type, values) },
      escalateAfterMinutes:
        values.escalateAfterMinutes !== undefined ? values.escalateAfterMinutes : rule.escalateAfterMinutes,
      escalateRoleId:
        values.escalateRoleId !== undefined ? values.escalateRoleId || null : rule.escalateRoleId,
      escalateUserId:
        values.escalateUserId !== undefined ? values.escalateUserId || null : rule.escalateUserId,
    } as never);
    message.success(t('common.saved'));
  };

  const open = (rule: AlarmRuleDto) => {
    form.resetFields();
    form.setFieldsValue({
      enabled: rule.enabled,
      severity: rule.severity,
      escalateAfterMinutes: rule.escalateAfterMinutes,
      escalateRoleId: rule.escalateRoleId,
      escalateUserId: rule.escalateUserId,
      ...rule.params,
    });
    setEditing(rule);
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <span id="rule-project-label">{t('common.project')}</span>
        <Select
          aria-labelledby="rule-project-label"
          style={{ minWidth: 240 }}
          value={projectId ?? ''}
          onChange={(v) => setProjectId(v || null)}
          options={[{ value: '', label: t('rule.projectDefault') }, ...projects]}
          data-testid="rule-project"
        />
      </Space>
      <LoadFailed query={rules} />
      <Table<AlarmRuleDto>
        size="small"
        rowKey={(r) => `${r.type}:${r.code}`}
        loading={rules.isLoading}
        dataSource={rules.data ?? []}
        pagination={false}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          { key: 'type', title: t('list.type'), render: (_, r) => t(`type.${r.type}`) },
          { key: 'code', title: t('list.code'), render: (_, r) => alarmCodeText(r.code, lang) },
          enabledColumn<AlarmRuleDto>(
            t('rule.enabled'),
            canEdit,
            (r) => alarmCodeText(r.code, lang),
            (r, enabled) => send(r, { enabled }),
          ),
          {
            key: 'severity',
            title: t('rule.severity'),
            render: (_, r) => <SeverityTag severity={r.severity} />,
          },
          {
            key: 'params',
            title: t('rule.params'),
            render: (_, r) =>
              paramEntries(r)
                .map(
                  ([k, v]) =>
                    `${t(`rule.${k}` as 'rule.value', { defaultValue: k })} ${k === 'comparison' ? t(`rule.${v}` as 'rule.gt') : v}`,
                )
                .join(' · ') || '—',
          },
          {
            key: 'escalation',
            title: t('rule.escalation'),
            render: (_, r) =>
              r.escalateAfterMinutes ? `${r.escalateAfterMinutes} ${t('common.minutes')}` : t('rule.none'),
          },
          {
            key: 'inherited',
            title: '',
            render: (_, r) =>
              projectId ? <Tag>{r.inherited ? t('rule.inherited') : t('rule.own')}</Tag> : null,
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('common.actions'),
                  render: (_: unknown, r: AlarmRuleDto) => (
                    <Space size={0}>
                      <RowEdit onClick={() => open(r)} testId={`rule-edit-${r.code}`} />
                      {projectId && !r.inherited && r.id && (
                        <RowConfirm
                          title={t('rule.resetConfirm')}
                          onConfirm={() => reset.mutateAsync(r.id!)}
                          label={t('rule.reset')}
                        />
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Has action="alarm:rule:edit">
        <Modal
          open={!!editing}
          title={editing ? `${t(`type.${editing.type}`)} · ${alarmCodeText(editing.code, lang)}` : ''}
          okText={t('common.save')}
          cancelText={t('common.cancel')}
          confirmLoading={save.isPending}
          onCancel={() => setEditing(null)}
          onOk={async () => {
            const values = await form.validateFields();
            await send(editing!, values);
            setEditing(null);
          }}
          destroyOnHidden
        >
          <Form form={form} layout="vertical">
            <Form.Item name="enabled" label={t('rule.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="severity" label={t('rule.severity')} rules={[{ required: true }]}>
              <Select options={alarmSeverities.map((s) => ({ value: s, label: t(`severity.${s}`) }))} />
            </Form.Item>
            {editing &&
              ruleParamFields[editing.type].map((name) => (
                <Form.Item key={name} name={name} label={t(`rule.${name}` as 'rule.value')}>
                  {name === 'comparison' ? (
                    <Select
                      allowClear
                      options={[
                        { value: 'gt', label: t('rule.gt') },
                        { value: 'lt', label: t('rule.lt') },
                      ]}
                    />
                  ) : TEXT_PARAMS.has(name) ? (
                    <Input maxLength={32} />
                  ) : (
                    <InputNumber style={{ width: '100%' }} {...(name === 'value' ? {} : { min: 0 })} />
                  )}
                </Form.Item>
              ))}
            <Form.Item name="escalateAfterMinutes" label={t('rule.escalateAfter')}>
              <InputNumber style={{ width: '100%' }} min={1} max={10080} />
            </Form.Item>
            <Form.Item name="escalateUserId" label={t('rule.escalateUser')}>
              <UserSelect search={searchUsers} searchKey="users" placeholder={t('rule.escalateUser')} />
            </Form.Item>
          </Form>
        </Modal>
      </Has>
    </>
  );
}

/** `alarm/RuleList`: the alarm rules, and the projects' webhooks that alarms are sent to. */
export default function RuleListPage() {
  const { t } = useTranslation('alarm');
  return (
    <Card data-testid="rule-list">
      <Tabs
        items={[
          { key: 'rules', label: t('webhook.rulesTab'), children: <RulesTab /> },
          { key: 'webhooks', label: t('webhook.tab'), children: <WebhookTab /> },
        ]}
      />
    </Card>
  );
}
