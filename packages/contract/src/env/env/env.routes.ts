import type { AlarmRuleDto } from '../../alarm/alarm/alarm.routes';
import type { Page } from '../../envelope';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { AirQuality, EnvMetric } from './env.codes';
import type {
  envHistoryQuerySchema,
  envSensorListQuerySchema,
  envThresholdDeleteSchema,
  envThresholdListQuerySchema,
  envThresholdSaveSchema,
} from './env.schemas';

const tag = 'env';

/** An environment sensor with its latest values. */
export type EnvSensorDto = {
  id: string;
  projectId: string;
  name: string | null;
  address: string;
  gatewayId: string;
  gatewaySn: string;
  poleId: string | null;
  poleCode: string | null;
  online: boolean;
  /** When it last reported (ISO 8601). */
  lastReport: string | null;
  values: Partial<Record<EnvMetric, number>>;
  /** From PM2.5 and PM10 (HJ 633); null without either. */
  airQuality: AirQuality | null;
  /** Active (not closed) alarms of this sensor: thresholds, offline, faults. */
  alarmCount: number;
};

/** A series of one sensor and metric over a range, with its statistics. */
export type EnvSeries = {
  sensorId: string;
  sensorName: string | null;
  metric: EnvMetric;
  /** `[epoch ms, value]`; for rollups the value is the period's average. */
  points: [number, number][];
  min: number | null;
  avg: number | null;
  max: number | null;
};

export type EnvHistory = {
  /** What the points are: raw readings, or hourly or daily averages. */
  granularity: 'raw' | 'hour' | 'day';
  series: EnvSeries[];
};

/** A threshold on a sensor's (or every sensor of a project's) metric: an alarm rule of type `threshold`. */
export type EnvThresholdDto = AlarmRuleDto;

export const envRoutes = {
  sensors: defineRoute<Page<EnvSensorDto>, undefined, typeof envSensorListQuerySchema>({
    method: 'GET',
    path: '/env/sensor/live',
    access: mark(marks.env.sensor.list),
    summary: 'Environment sensors with their latest values, air quality and online state',
    tag,
  }),
  history: defineRoute<EnvHistory, undefined, typeof envHistoryQuerySchema>({
    method: 'GET',
    path: '/env/history/series',
    access: mark(marks.env.history.list),
    summary: 'One metric of one or more sensors over a range (raw, hourly or daily by its length)',
    tag,
  }),
  historyExport: defineRoute<null, undefined, typeof envHistoryQuerySchema>({
    method: 'GET',
    path: '/env/history/exportXls',
    access: mark(marks.env.history.export),
    summary: 'Export the series as .xlsx',
    tag,
  }),
  thresholds: defineRoute<EnvThresholdDto[], undefined, typeof envThresholdListQuerySchema>({
    method: 'GET',
    path: '/env/threshold/list',
    access: mark(marks.env.sensor.list),
    summary: 'Thresholds of a project (for all its sensors or one)',
    tag,
  }),
  thresholdSave: defineRoute<EnvThresholdDto, typeof envThresholdSaveSchema>({
    method: 'PUT',
    path: '/env/threshold/save',
    access: mark(marks.env.threshold.edit),
    summary: 'Set a threshold: metric, comparison, value, for how long, hysteresis to clear, severity',
    tag,
  }),
  thresholdDelete: defineRoute<null, undefined, typeof envThresholdDeleteSchema>({
    method: 'DELETE',
    path: '/env/threshold/delete',
    access: mark(marks.env.threshold.edit),
    summary: 'Delete a threshold',
    tag,
  }),
} as const;
