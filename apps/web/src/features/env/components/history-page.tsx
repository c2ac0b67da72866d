import { type EnvMetric, type EnvSeries, envMetrics, envMetricUnits, envRoutes } from '@ics/contract';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/lib/http';
import { useHas } from '../../../shared/ui/has';
import { downloadRoute } from '../../../shared/ui/list-page/download';
import { type HistoryQuery, useHistory } from '../api/get-history';
import { useSensorOptions } from '../api/get-sensor-options';
import '../locales';
import { formatMetric } from './metric-format';

/** ECharts is large: the chart is its own chunk, loaded when a history is first shown. */
const HistoryChart = lazy(() => import('./history-chart'));

const MAX_SENSORS = 8;
const HOUR_MS = 3_600_000;
const PRESETS = { last24h: 24, last7d: 24 * 7, last30d: 24 * 30, last90d: 24 * 90 } as const;
type Preset = keyof typeof PRESETS | 'custom';
type Granularity = 'auto' | 'raw' | 'hour' | 'day';

/** `env/History`: one metric of up to eight sensors over a range, charted, summarised and exported. */
export default function HistoryPage() {
  const { t } = useTranslation('env');
  const { message } = App.useApp();
  const canExport = useHas()('env:history:export');
  const [params] = useSearchParams();
  const sensorOptions = useSensorOptions();
  const [sensorIds, setSensorIds] = useState<string[]>(() =>
    (params.get('sensorIds') ?? '').split(',').filter(Boolean).slice(0, MAX_SENSORS),
  );
  const [metric, setMetric] = useState<EnvMetric>('pm25');
  const [preset, setPreset] = useState<Preset>('last24h');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [granularity, setGranularity] = useState<Granularity>('auto');
  // A preset is relative to now: asking again moves it to the present.
  const [asked, setAsked] = useState(() => Date.now());
  const [exporting, setExporting] = useState(false);

  const query = useMemo((): HistoryQuery | null => {
    if (sensorIds.length === 0) return null;
    const [from, to] =
      preset === 'custom' && custom
        ? [custom[0].valueOf(), custom[1].valueOf()]
        : [asked - PRESETS[preset === 'custom' ? 'last24h' : preset] * HOUR_MS, asked];
    return {
      sensorIds: sensorIds.join(','),
      metric,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      ...(granularity === 'auto' ? {} : { granularity }),
    };
  }, [sensorIds, metric, preset, custom, granularity, asked]);

  const history = useHistory(query);
  const series: readonly EnvSeries[] = history.data?.series ?? [];
  const hasPoints = series.some((s) => s.points.length > 0);
  const unit = envMetricUnits[metric];

  const onExport = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const name = await downloadRoute(envRoutes.historyExport, query, `env-history-${metric}.xlsx`);
      message.success(t('history.exported', { name }));
    } catch (e) {
      message.error(errorMessage(e, e instanceof Error ? e.message : t('history.loadError')));
    } finally {
      setExporting(false);
    }
  };

  const body = () => {
    if (!query) return <Empty description={t('history.pickSensors')} data-testid="history-empty" />;
    if (history.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={t('history.loadError')}
          description={errorMessage(history.error, '')}
          action={<Button onClick={() => void history.refetch()}>{t('history.retry')}</Button>}
          data-testid="history-error"
        />
      );
    if (history.isLoading)
      return <Spin style={{ display: 'block', padding: 80 }} data-testid="history-loading" />;
    if (!hasPoints) return <Empty description={t('history.noData')} data-testid="history-nodata" />;
    return (
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Spin spinning={history.isFetching}>
          <Suspense fallback={<Spin style={{ display: 'block', padding: 80 }} />}>
            <HistoryChart series={series} unit={unit} averages={history.data?.granularity !== 'raw'} />
          </Suspense>
        </Spin>
        <Table<EnvSeries>
          size="small"
          rowKey="sensorId"
          pagination={false}
          dataSource={[...series]}
          data-testid="history-summary"
          columns={[
            { key: 'sensor', title: t('history.sensor'), render: (_, s) => s.sensorName ?? s.sensorId },
            ...(['min', 'avg', 'max'] as const).map((stat) => ({
              key: stat,
              title: t(`history.${stat}`),
              align: 'right' as const,
              render: (_: unknown, s: EnvSeries) => (
                <span data-testid={`summary-${stat}`}>{formatMetric(metric, s[stat])}</span>
              ),
            })),
            { key: 'points', title: t('history.points'), align: 'right', render: (_, s) => s.points.length },
          ]}
        />
      </Space>
    );
  };

  return (
    <Card
      title={t('history.title')}
      data-testid="env-history"
      extra={
        history.data && (
          <Tag color="blue" data-testid="history-granularity">
            {t(`history.${history.data.granularity}`)}
          </Tag>
        )
      }
    >
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item label={t('history.sensors')} htmlFor="env-history-sensors">
          <Select
            id="env-history-sensors"
            mode="multiple"
            allowClear
            style={{ minWidth: 320, maxWidth: 560 }}
            placeholder={t('history.sensorsPlaceholder')}
            loading={sensorOptions.isLoading}
            options={sensorOptions.data ?? []}
            value={sensorIds}
            maxCount={MAX_SENSORS}
            optionFilterProp="label"
            onChange={(ids: string[]) => setSensorIds(ids)}
            data-testid="history-sensors"
          />
        </Form.Item>
        <Form.Item label={t('history.metric')} htmlFor="env-history-metric">
          <Select
            id="env-history-metric"
            style={{ width: 150 }}
            value={metric}
            onChange={setMetric}
            options={envMetrics.map((m) => ({ value: m, label: t(`metric.${m}`) }))}
            data-testid="history-metric"
          />
        </Form.Item>
        <Form.Item label={t('history.range')} htmlFor="env-history-preset">
          <Space wrap>
            <Select<Preset>
              id="env-history-preset"
              style={{ width: 150 }}
              value={preset}
              onChange={(p) => {
                setPreset(p);
                setAsked(Date.now());
              }}
              options={[
                ...(Object.keys(PRESETS) as (keyof typeof PRESETS)[]).map((p) => ({
                  value: p,
                  label: t(`history.${p}`),
                })),
                { value: 'custom', label: '…' },
              ]}
              data-testid="history-preset"
            />
            {preset === 'custom' && (
              <DatePicker.RangePicker
                showTime
                // Both ends are needed for a query, but an empty end must not hold the keyboard's
                // focus (antd's Tab trap): the query waits until both are set.
                allowEmpty={[true, true]}
                value={custom}
                onChange={(v) => setCustom(v?.[0] && v[1] ? [v[0], v[1]] : null)}
                disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
              />
            )}
          </Space>
        </Form.Item>
        <Form.Item label={t('history.granularity')}>
          <Segmented<Granularity>
            value={granularity}
            onChange={setGranularity}
            options={(['auto', 'raw', 'hour', 'day'] as const).map((g) => ({
              value: g,
              label: t(`history.${g}`),
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button
              type="primary"
              onClick={() => setAsked(Date.now())}
              disabled={!query}
              data-testid="history-query"
            >
              {t('history.query')}
            </Button>
            {canExport && (
              <Button onClick={() => void onExport()} loading={exporting} disabled={!hasPoints}>
                {t('history.export')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      {body()}
    </Card>
  );
}
