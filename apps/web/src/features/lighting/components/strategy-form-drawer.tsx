import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_TIME_ZONE, type StrategyDto } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Divider from 'antd/es/divider';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { useAddStrategy, useEditStrategy } from '../api/save-strategy';
import { useProjects } from '../hooks/use-projects';
import { defaultActions, type StrategyFormValues, toBody, toValues } from '../utils/strategy-form';
import { StrategyPreview } from './strategy-preview';
import { TargetSelect } from './target-select';

type FormShape = Omit<StrategyFormValues, 'startDate' | 'endDate'> & {
  /** Either end may be open: a strategy from a date on, or until one. */
  dates?: [Dayjs | null, Dayjs | null] | null;
};

const fromForm = (v: FormShape): StrategyFormValues => ({
  ...v,
  startDate: v.dates?.[0]?.format('YYYY-MM-DD') ?? null,
  endDate: v.dates?.[1]?.format('YYYY-MM-DD') ?? null,
});

/** Add or edit a strategy: actions (clock or sunset/sunrise ± minutes), days, targets; 7-day preview. */
export function StrategyFormDrawer({
  open,
  strategy,
  onClose,
  onSaved,
}: {
  open: boolean;
  strategy: StrategyDto | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('lighting');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormShape>();
  const { projects } = useProjects();
  const [saving, setSaving] = useState(false);
  const addStrategy = useAddStrategy();
  const editStrategy = useEditStrategy();
  const projectId = Form.useWatch('projectId', form);
  const weekdayNames = t('strategy.weekdayNames', { returnObjects: true }) as string[];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (strategy) {
      const v = toValues(strategy);
      form.setFieldsValue({
        ...v,
        dates:
          v.startDate || v.endDate
            ? [v.startDate ? dayjs(v.startDate) : null, v.endDate ? dayjs(v.endDate) : null]
            : null,
      });
    } else {
      form.setFieldsValue({
        projectId: projects.length === 1 ? projects[0]?.value : undefined,
        priority: 0,
        enabled: true,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        actions: defaultActions,
        targets: projects.length === 1 ? [{ kind: 'project', id: projects[0]?.value as string }] : [],
      });
    }
  }, [open, strategy, form, projects]);

  const onSave = async () => {
    const body = toBody(fromForm(await form.validateFields()));
    setSaving(true);
    try {
      if (strategy) await editStrategy.mutateAsync({ ...body, id: strategy.id });
      else await addStrategy.mutateAsync(body);
      message.success(t('common.saved'));
      onSaved();
    } catch (error) {
      message.error(errorMessage(error, ''));
    } finally {
      setSaving(false);
    }
  };

  const draft = async () => {
    try {
      return toBody(fromForm(await form.validateFields()));
    } catch {
      return null;
    }
  };

  return (
    <Drawer
      open={open}
      size={860}
      title={strategy ? t('strategy.formTitleEdit') : t('strategy.formTitleAdd')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void onSave()} data-testid="strategy-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="strategy-form">
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="projectId" label={t('common.project')} rules={[{ required: true }]}>
              <Select options={projects} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="name" label={t('common.name')} rules={[{ required: true, max: 100 }]}>
              <Input data-testid="strategy-name" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="priority" label={t('strategy.priority')}>
              <InputNumber min={0} max={1000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="enabled" label={t('strategy.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="dates" label={t('strategy.dateRange')}>
              {/* Open ends allowed: the server takes either date alone, and antd keeps the
                  keyboard's focus on an empty end that must be filled (a Tab trap). */}
              <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="weekdays" label={t('strategy.weekdays')}>
              <Checkbox.Group options={weekdayNames.map((label, i) => ({ label, value: i + 1 }))} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('strategy.actions')}</Divider>
        {projectId && (
          <p className="ics-lighting__hint" data-testid="strategy-zone">
            {t('strategy.zoneHint', {
              zone: projects.find((p) => p.value === projectId)?.timeZone ?? DEFAULT_TIME_ZONE,
            })}
          </p>
        )}
        <Form.List
          name="actions"
          rules={[
            {
              validator: async (_, v: unknown[]) => {
                if (!v?.length) throw new Error(t('strategy.needAction'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Form.Item noStyle shouldUpdate key={field.key}>
                  {() => {
                    const row = form.getFieldValue(['actions', field.name]) ?? {};
                    return (
                      <div>
                        <Space align="start" wrap data-testid="strategy-action">
                          <Form.Item name={[field.name, 'timeType']} rules={[{ required: true }]}>
                            <Select
                              style={{ width: 110 }}
                              options={(['clock', 'sunset', 'sunrise'] as const).map((v) => ({
                                value: v,
                                label: t(`strategy.timeTypes.${v}`),
                              }))}
                            />
                          </Form.Item>
                          {row.timeType === 'clock' ? (
                            <Form.Item
                              name={[field.name, 'time']}
                              rules={[
                                { required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'HH:mm' },
                              ]}
                            >
                              <Input style={{ width: 90 }} placeholder="HH:mm" />
                            </Form.Item>
                          ) : (
                            <Form.Item name={[field.name, 'offset']}>
                              <InputNumber style={{ width: 130 }} min={-720} max={720} addonAfter="min" />
                            </Form.Item>
                          )}
                          <Form.Item name={[field.name, 'action']} rules={[{ required: true }]}>
                            <Select
                              style={{ width: 100 }}
                              options={(['on', 'off', 'dim'] as const).map((v) => ({
                                value: v,
                                label: t(`strategy.actionTypes.${v}`),
                              }))}
                            />
                          </Form.Item>
                          {row.action !== 'off' && (
                            <Form.Item
                              name={[field.name, 'level']}
                              rules={row.action === 'dim' ? [{ required: true }] : []}
                            >
                              <InputNumber min={0} max={100} addonAfter="%" style={{ width: 110 }} />
                            </Form.Item>
                          )}
                          <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
                        </Space>
                      </div>
                    );
                  }}
                </Form.Item>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ timeType: 'clock', time: '18:00', action: 'on', level: 100 })}
                data-testid="strategy-add-action"
              >
                {t('strategy.addAction')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
        <Divider titlePlacement="start">{t('strategy.targets')}</Divider>
        <Form.List
          name="targets"
          rules={[
            {
              validator: async (_, v: unknown[]) => {
                if (!v?.length) throw new Error(t('strategy.needTarget'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Form.Item noStyle shouldUpdate key={field.key}>
                  {() => {
                    const kind = form.getFieldValue(['targets', field.name, 'kind']) ?? 'project';
                    return (
                      <Row gutter={8} data-testid="strategy-target">
                        <Col span={6}>
                          <Form.Item name={[field.name, 'kind']} rules={[{ required: true }]}>
                            <Select
                              onChange={() => form.setFieldValue(['targets', field.name, 'id'], undefined)}
                              options={(['lamp', 'group', 'gateway', 'project'] as const).map((v) => ({
                                value: v,
                                label: t(`strategy.targetKinds.${v}`),
                              }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col span={16}>
                          <Form.Item name={[field.name, 'id']} rules={[{ required: true }]}>
                            <TargetSelect kind={kind} projectId={projectId} />
                          </Form.Item>
                        </Col>
                        <Col span={2}>
                          <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
                        </Col>
                      </Row>
                    );
                  }}
                </Form.Item>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ kind: 'group' })}
                data-testid="strategy-add-target"
              >
                {t('strategy.addTarget')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
        <Row gutter={12} style={{ marginTop: 16 }}>
          <Col span={8}>
            <Form.Item name="fallbackLevel" label={t('strategy.fallbackLevel')}>
              <InputNumber min={0} max={100} addonAfter="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="remark" label={t('common.remark')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Divider titlePlacement="start">{t('strategy.preview')}</Divider>
      <StrategyPreview draft={draft} id={strategy?.id} />
    </Drawer>
  );
}
