import {
  type AlarmSeverity,
  alarmSeverities,
  type EnvMetric,
  type EnvSensorDto,
  type EnvThresholdDto,
  envMetrics,
  envMetricUnits,
} from '@ics/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { useHas } from '../../../shared/ui/has';
import { RowConfirm, RowEdit } from '../../../shared/ui/list-page';
import { useThresholds } from '../api/get-thresholds';
import { useDeleteThreshold, useSaveThreshold } from '../api/save-threshold';
import '../locales';

type Params = {
  sensorId: string | null;
  metric: EnvMetric;
  comparison: 'gt' | 'lt';
  value: number;
  durationSeconds: number;
  hysteresis: number;
};

type FormShape = Omit<Params, 'sensorId'> & {
  scope: 'sensor' | 'project';
  severity: AlarmSeverity;
  enabled: boolean;
};

const SEVERITY_COLOURS: Record<AlarmSeverity, string> = {
  critical: 'red',
  major: 'volcano',
  minor: 'orange',
  warning: 'gold',
};

const paramsOf = (t: EnvThresholdDto) => t.params as Params;

const NEW: FormShape = {
  scope: 'sensor',
  metric: 'pm25',
  comparison: 'gt',
  value: 75,
  durationSeconds: 60,
  hysteresis: 0,
  severity: 'warning',
  enabled: true,
};

/**
 * The thresholds one sensor is held to (its own and its project's) and, for holders of
 * `env:threshold:edit`, adding, changing and deleting them.
 */
export function ThresholdDrawer({ sensor, onClose }: { sensor: EnvSensorDto | null; onClose: () => void }) {
  const { t } = useTranslation('env');
  const canEdit = useHas()('env:threshold:edit');
  const thresholds = useThresholds(sensor);
  const save = useSaveThreshold();
  const remove = useDeleteThreshold();
  const [form] = Form.useForm<FormShape>();
  // undefined: no form; null: a new threshold; else the one being changed.
  const [editing, setEditing] = useState<EnvThresholdDto | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setEditing(undefined);
    setError(null);
    onClose();
  };

  const open = (threshold: EnvThresholdDto | null) => {
    setError(null);
    setEditing(threshold);
    if (threshold === null) form.setFieldsValue(NEW);
    else {
      const p = paramsOf(threshold);
      form.setFieldsValue({
        scope: p.sensorId === null ? 'project' : 'sensor',
        metric: p.metric,
        comparison: p.comparison,
        value: p.value,
        durationSeconds: p.durationSeconds,
        hysteresis: p.hysteresis,
        severity: threshold.severity,
        enabled: threshold.enabled,
      });
    }
  };

  const onSave = async () => {
    if (!sensor) return;
    const v = await form.validateFields();
    setError(null);
    try {
      await save.mutateAsync({
        ...(editing?.id ? { id: editing.id } : {}),
        projectId: sensor.projectId,
        sensorId: v.scope === 'sensor' ? sensor.id : null,
        metric: v.metric,
        comparison: v.comparison,
        value: v.value,
        durationSeconds: v.durationSeconds,
        hysteresis: v.hysteresis,
        severity: v.severity,
        enabled: v.enabled,
      });
      setEditing(undefined);
    } catch (e) {
      setError(errorMessage(e, String(e)));
    }
  };

  const onDelete = async (threshold: EnvThresholdDto) => {
    if (!sensor || !threshold.id) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: threshold.id, projectId: sensor.projectId });
    } catch (e) {
      setError(errorMessage(e, String(e)));
    }
  };

  const metric = Form.useWatch('metric', form) ?? 'pm25';

  return (
    <Drawer
      open={sensor !== null}
      onClose={close}
      size={640}
      title={t('threshold.title', { sensor: sensor?.name ?? sensor?.address ?? '' })}
      destroyOnHidden
      data-testid="threshold-drawer"
      extra={
        canEdit && editing === undefined ? (
          <Button type="primary" onClick={() => open(null)} data-testid="threshold-add">
            {t('threshold.add')}
          </Button>
        ) : null
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        {!canEdit && <Alert type="info" showIcon title={t('threshold.readOnly')} />}
        {error && <Alert type="error" showIcon title={error} data-testid="threshold-error" />}
        {thresholds.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('threshold.loadError')}
            action={<Button onClick={() => void thresholds.refetch()}>{t('history.retry')}</Button>}
          />
        ) : (
          <Table<EnvThresholdDto>
            size="small"
            rowKey={(r) => r.id ?? r.code}
            loading={thresholds.isLoading}
            dataSource={thresholds.data ?? []}
            pagination={false}
            locale={{ emptyText: t('threshold.empty') }}
            data-testid="threshold-table"
            columns={[
              {
                key: 'metric',
                title: t('threshold.metric'),
                render: (_, r) => (
                  <Space size={4}>
                    {t(`metric.${paramsOf(r).metric}`)}
                    {r.inherited && <Tag>{t('threshold.projectWide')}</Tag>}
                  </Space>
                ),
              },
              {
                key: 'limit',
                title: t('threshold.value'),
                render: (_, r) => {
                  const p = paramsOf(r);
                  return `${t(`threshold.${p.comparison}`)} ${p.value} ${envMetricUnits[p.metric]}`;
                },
              },
              {
                key: 'duration',
                title: t('threshold.duration'),
                render: (_, r) => paramsOf(r).durationSeconds,
              },
              {
                key: 'severity',
                title: t('threshold.severity'),
                render: (_, r) => (
                  <Tag color={SEVERITY_COLOURS[r.severity]}>{t(`severity.${r.severity}`)}</Tag>
                ),
              },
              {
                key: 'enabled',
                title: t('threshold.enabled'),
                render: (_, r) => (r.enabled ? t('threshold.yes') : t('threshold.no')),
              },
              ...(canEdit
                ? [
                    {
                      key: 'actions',
                      title: t('threshold.actions'),
                      render: (_: unknown, r: EnvThresholdDto) => (
                        <Space size={0}>
                          <RowEdit onClick={() => open(r)} />
                          <RowConfirm
                            title={t('threshold.deleteConfirm')}
                            onConfirm={() => onDelete(r)}
                            danger
                            label={t('threshold.delete')}
                          />
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
        {editing !== undefined && (
          <Form form={form} layout="vertical" initialValues={NEW} data-testid="threshold-form">
            <Form.Item name="scope" label={t('threshold.appliesTo')} extra={t('threshold.overrides')}>
              <Radio.Group
                options={[
                  { value: 'sensor', label: t('threshold.thisSensor') },
                  { value: 'project', label: t('threshold.project') },
                ]}
              />
            </Form.Item>
            <Space wrap align="start">
              <Form.Item name="metric" label={t('threshold.metric')} rules={[{ required: true }]}>
                <Select
                  style={{ width: 160 }}
                  options={envMetrics.map((m) => ({ value: m, label: t(`metric.${m}`) }))}
                  data-testid="threshold-metric"
                />
              </Form.Item>
              <Form.Item name="comparison" label={t('threshold.comparison')} rules={[{ required: true }]}>
                <Select
                  style={{ width: 100 }}
                  options={[
                    { value: 'gt', label: t('threshold.gt') },
                    { value: 'lt', label: t('threshold.lt') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="value" label={t('threshold.value')} rules={[{ required: true }]}>
                <InputNumber
                  style={{ width: 160 }}
                  min={-1e6}
                  max={1e6}
                  suffix={envMetricUnits[metric as EnvMetric]}
                  data-testid="threshold-value"
                />
              </Form.Item>
            </Space>
            <Space wrap align="start">
              <Form.Item
                name="durationSeconds"
                label={t('threshold.duration')}
                tooltip={t('threshold.durationHint')}
                rules={[{ required: true }]}
              >
                <InputNumber style={{ width: 140 }} min={0} max={86_400} precision={0} />
              </Form.Item>
              <Form.Item
                name="hysteresis"
                label={t('threshold.hysteresis')}
                tooltip={t('threshold.hysteresisHint')}
                rules={[{ required: true }]}
              >
                <InputNumber style={{ width: 140 }} min={0} max={1e6} />
              </Form.Item>
              <Form.Item name="severity" label={t('threshold.severity')}>
                <Select
                  style={{ width: 120 }}
                  options={alarmSeverities.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
                />
              </Form.Item>
              <Form.Item name="enabled" label={t('threshold.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Space>
              <Button
                type="primary"
                loading={save.isPending}
                onClick={() => void onSave()}
                data-testid="threshold-save"
              >
                {t('threshold.save')}
              </Button>
              <Button onClick={() => setEditing(undefined)}>{t('threshold.cancel')}</Button>
            </Space>
          </Form>
        )}
      </Space>
    </Drawer>
  );
}
