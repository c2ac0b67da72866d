import {
  airQuality,
  type EnvMetric,
  type EnvSensorDto,
  envMetrics,
  envMetricUnits,
  envRoutes,
} from '@ics/contract';
import Badge from 'antd/es/badge';
import Space from 'antd/es/space';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mergeState, useLiveRows } from '../../../shared/lib/realtime/live-state';
import { type FilterField, type ListColumn, ListPage, RowAction } from '../../../shared/ui/list-page';
// The filter helper alone, so that the list page's import stays on one line.
import { selectFilter } from '../../../shared/ui/list-page/list-params';
import { useProjects } from '../../lighting';
import '../locales';
import { AqiTag } from './aqi-tag';
import { formatValue } from './metric-format';
import './env.css';
import { ThresholdDrawer } from './threshold-drawer';

/** The metrics shown as columns, in the order operators read them. */
const COLUMNS: readonly EnvMetric[] = [
  'temperature',
  'humidity',
  'pm25',
  'pm10',
  'noise',
  'illuminance',
  'windSpeed',
  'pressure',
];

/** `env/SensorList`: every sensor with its live values and air quality; thresholds per sensor. */
export default function SensorListPage() {
  const { t } = useTranslation('env');
  const navigate = useNavigate();
  const [editing, setEditing] = useState<EnvSensorDto | null>(null);
  // Values the sensors on screen report while the page is open (the server pushes their state).
  const { patches, onRows } = useLiveRows<EnvSensorDto>();
  const { projects } = useProjects();

  const live = (s: EnvSensorDto): EnvSensorDto => {
    const patch = patches.get(s.id);
    if (!patch) return s;
    const state = mergeState(
      { online: s.online, lastSeen: s.lastReport, values: s.values, faults: [] },
      patch,
    );
    const values: Partial<Record<EnvMetric, number>> = {};
    for (const metric of envMetrics) {
      const v = state.values[metric];
      if (typeof v === 'number') values[metric] = v;
    }
    return {
      ...s,
      online: state.online,
      lastReport: state.lastSeen,
      values,
      airQuality: airQuality(values.pm25, values.pm10),
    };
  };

  const filters: FilterField[] = [
    // A project to choose only where there are several.
    ...(projects.length > 1
      ? [{ name: 'projectId', label: t('sensor.project'), kind: 'select' as const, options: projects }]
      : []),
    { name: 'keyword', label: t('sensor.keyword'), kind: 'text', raw: true },
    selectFilter('online', t('sensor.state'), [
      ['1', t('sensor.online')],
      ['0', t('sensor.offline')],
    ]),
  ];

  const columns: ListColumn<EnvSensorDto>[] = [
    {
      key: 'name',
      title: t('sensor.name'),
      fixed: 'left',
      width: 130,
      sorter: true,
      render: (_, s) => s.name ?? s.address,
    },
    { key: 'address', title: t('sensor.address'), width: 90, sorter: true },
    { key: 'gatewaySn', title: t('sensor.gateway'), width: 130 },
    { key: 'poleCode', title: t('sensor.pole'), width: 90, render: (_, s) => s.poleCode ?? '—' },
    {
      key: 'online',
      title: t('sensor.state'),
      width: 90,
      render: (_, s) =>
        live(s).online ? (
          <Badge status="success" text={t('sensor.online')} />
        ) : (
          <Badge status="default" text={t('sensor.offline')} />
        ),
    },
    {
      key: 'airQuality',
      title: t('aqi.title'),
      width: 150,
      render: (_, s) => <AqiTag quality={live(s).airQuality} testId={`aqi-${s.address}`} />,
    },
    ...COLUMNS.map(
      (metric): ListColumn<EnvSensorDto> => ({
        key: metric,
        // The unit under the name keeps the cells to bare numbers and the columns narrow.
        title: (
          <span className="ics-env__metric-title">
            {t(`metric.${metric}`)}
            <small>{envMetricUnits[metric]}</small>
          </span>
        ),
        width: 96,
        align: 'right',
        render: (_, s) => (
          <span data-testid={`value-${s.address}-${metric}`}>
            {formatValue(metric, live(s).values[metric])}
          </span>
        ),
      }),
    ),
    {
      key: 'lastSeen',
      title: t('sensor.lastReport'),
      width: 160,
      sorter: true,
      render: (_, s) => {
        const at = live(s).lastReport;
        return at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '—';
      },
    },
    {
      key: 'alarmCount',
      title: t('sensor.alarms'),
      width: 70,
      align: 'right',
      render: (_, s) => (s.alarmCount > 0 ? <Badge count={s.alarmCount} /> : '0'),
    },
  ];

  return (
    <div data-testid="sensor-list">
      <ListPage<EnvSensorDto>
        listKey="env-sensors"
        routes={{ list: envRoutes.sensors }}
        columns={columns}
        filters={filters}
        size="small"
        scrollX={1680}
        onRows={onRows}
        actionsWidth={150}
        rowActions={(s) => (
          <Space size={0}>
            <RowAction
              label={t('sensor.thresholds')}
              onClick={() => setEditing(s)}
              testId={`thresholds-${s.address}`}
            />
            <RowAction
              label={t('sensor.history')}
              onClick={() => navigate(`/env/history?sensorIds=${encodeURIComponent(s.id)}`)}
            />
          </Space>
        )}
      />
      <ThresholdDrawer sensor={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
