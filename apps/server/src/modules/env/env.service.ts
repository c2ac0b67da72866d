import type {
  EnvHistory,
  EnvMetric,
  EnvSensorDto,
  EnvThresholdDto,
  envHistoryQuerySchema,
  envSensorListQuerySchema,
  envThresholdListQuerySchema,
  envThresholdSaveSchema,
  HistoryPoint,
  Page,
} from '@ics/contract/server';
import { airQuality, envMetrics, toPage } from '@ics/contract/server';
import type { z } from 'zod';
import { mapUnique } from '../../http/unique-violation';
import { badRequest, notFound } from '../../lib/errors';
import type { DeviceService, ProjectScopes } from '../device';
import type { EnvRepository } from './env.repository';
import { type Granularity, granularityFor, toSeries } from './env-history';
import { type EnvThresholds, toThresholdDto } from './env-thresholds';

type Q<S extends z.ZodType> = z.output<S>;

/** The open threshold alarms of each sensor (the alarm module answers; without it, none). */
export type SensorAlarmCounts = (sensorIds: readonly string[]) => Promise<ReadonlyMap<string, number>>;

export type EnvPorts = {
  devices: Pick<DeviceService, 'listDevices' | 'getDevice' | 'history'>;
  scopes: Pick<ProjectScopes, 'canSee'>;
  projects: { exists(id: string): Promise<boolean> };
  alarmCounts?: SensorAlarmCounts | undefined;
};

/** The device history answers at most this many points a call; raw ranges are read in such pages. */
const HISTORY_PAGE = 10_000;
/** Raw points of one sensor at most (two days at one reading every 4 s). */
const RAW_POINTS_MAX = 50_000;

/** The sensor's latest value of each metric it reported. */
function metricValues(values: Record<string, unknown>): Partial<Record<EnvMetric, number>> {
  const out: Partial<Record<EnvMetric, number>> = {};
  for (const metric of envMetrics) {
    const v = values[metric];
    if (typeof v === 'number' && Number.isFinite(v)) out[metric] = v;
  }
  return out;
}

/**
 * Environment monitoring: sensors (devices of the device module) with their latest values and
 * air quality, their history by metric, and the thresholds the alarm rules hold them to. Every
 * read is limited to the caller's projects.
 */
export class EnvService {
  constructor(
    private readonly repo: EnvRepository,
    private readonly limits: EnvThresholds,
    private readonly ports: EnvPorts,
  ) {}

  private async assertProject(userId: string, projectId: string) {
    if (
      !(await this.ports.projects.exists(projectId)) ||
      !(await this.ports.scopes.canSee(userId, projectId))
    )
      throw notFound('env.project_not_found');
  }

  // ---- sensors -----------------------------------------------------------------------------

  async sensors(userId: string, q: Q<typeof envSensorListQuerySchema>): Promise<Page<EnvSensorDto>> {
    const page = await this.ports.devices.listDevices(userId, 'sensor', {
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      ...(q.column === undefined ? {} : { column: q.column }),
      ...(q.order === undefined ? {} : { order: q.order }),
      ...(q.projectId === undefined ? {} : { projectId: q.projectId }),
      ...(q.keyword === undefined || q.keyword === '' ? {} : { keyword: q.keyword }),
      ...(q.online === undefined ? {} : { online: q.online }),
    });
    const ids = page.records.map((d) => d.id);
    const [poles, alarms] = await Promise.all([
      this.repo.poleCodes([...new Set(page.records.flatMap((d) => (d.poleId ? [d.poleId] : [])))]),
      this.ports.alarmCounts ? this.ports.alarmCounts(ids) : Promise.resolve(new Map<string, number>()),
    ]);
    const records = page.records.map((d): EnvSensorDto => {
      const values = metricValues(d.state.values);
      return {
        id: d.id,
        projectId: d.projectId,
        name: d.name,
        address: d.address,
        gatewayId: d.gatewayId,
        gatewaySn: d.gatewaySn,
        poleId: d.poleId,
        poleCode: d.poleId ? (poles.get(d.poleId) ?? null) : null,
        online: d.state.online,
        lastReport: d.state.lastSeen,
        values,
        airQuality: airQuality(values.pm25, values.pm10),
        alarmCount: alarms.get(d.id) ?? 0,
      };
    });
    return toPage(records, page.total, q.pageNo, q.pageSize);
  }

  // ---- history -----------------------------------------------------------------------------

  async history(userId: string, q: Q<typeof envHistoryQuerySchema>): Promise<EnvHistory> {
    const from = new Date(q.from);
    const to = new Date(q.to);
    const granularity = q.granularity ?? granularityFor(from, to);
    const ids = [...new Set(q.sensorIds)];
    // Each sensor through the device registry: one the caller may not see is not found.
    const sensors = await Promise.all(ids.map((id) => this.ports.devices.getDevice(userId, id)));
    const notSensor = sensors.find((d) => d.kind !== 'sensor');
    if (notSensor) throw notFound('env.sensor_not_found');
    const series = await Promise.all(
      sensors.map(async (d) =>
        toSeries(
          { id: d.id, name: d.name },
          q.metric,
          granularity,
          await this.points(userId, d.id, granularity, from, to),
        ),
      ),
    );
    return { granularity, series };
  }

  /** A sensor's history points in [from, to), raw ones read page by page. */
  private async points(
    userId: string,
    deviceId: string,
    granularity: Granularity,
    from: Date,
    to: Date,
  ): Promise<HistoryPoint[]> {
    const all: HistoryPoint[] = [];
    let since = from;
    for (;;) {
      const rows = await this.ports.devices.history(userId, 'sensor', {
        deviceId,
        from: since.toISOString(),
        to: to.toISOString(),
        interval: granularity,
        limit: HISTORY_PAGE,
      });
      all.push(...rows);
      if (rows.length < HISTORY_PAGE || granularity !== 'raw' || all.length >= RAW_POINTS_MAX) return all;
      since = new Date(Date.parse(rows[rows.length - 1]!.ts) + 1);
    }
  }

  // ---- thresholds --------------------------------------------------------------------------

  async thresholds(userId: string, q: Q<typeof envThresholdListQuerySchema>): Promise<EnvThresholdDto[]> {
    await this.assertProject(userId, q.projectId);
    const rows = await this.repo.thresholdsOfProject(q.projectId, q.sensorId);
    return rows.map((t) => toThresholdDto(t, q.sensorId));
  }

  async saveThreshold(
    caller: { userId: string; username: string },
    b: Q<typeof envThresholdSaveSchema>,
  ): Promise<EnvThresholdDto> {
    await this.assertProject(caller.userId, b.projectId);
    if (b.sensorId !== null && !(await this.repo.isSensorOf(b.projectId, b.sensorId)))
      throw badRequest('env.sensor_not_in_project');
    const input = {
      projectId: b.projectId,
      sensorId: b.sensorId,
      metric: b.metric,
      comparison: b.comparison,
      value: b.value,
      durationSeconds: b.durationSeconds,
      hysteresis: b.hysteresis,
      severity: b.severity,
      enabled: b.enabled,
    };
    const saved = await mapUnique(
      async () =>
        b.id === undefined
          ? this.repo.insertThreshold(input, caller.username)
          : this.repo.updateThreshold(b.id, input, caller.username),
      [['env_threshold_target_uq', 'env.threshold_exists']],
    );
    if (!saved) throw notFound('env.threshold_not_found');
    await this.limits.changed.emit({ projectId: saved.projectId });
    return toThresholdDto(saved);
  }

  async deleteThreshold(userId: string, id: string): Promise<void> {
    const t = await this.repo.threshold(id);
    if (!t || !(await this.ports.scopes.canSee(userId, t.projectId)))
      throw notFound('env.threshold_not_found');
    await this.repo.deleteThreshold(id);
    await this.limits.changed.emit({ projectId: t.projectId });
  }

  /** Rows of the history export: one per point, its sensor and time. */
  exportRows(history: EnvHistory): Record<string, unknown>[] {
    return history.series.flatMap((s) =>
      s.points.map(([ts, value]) => ({
        sensor: s.sensorName ?? s.sensorId,
        time: new Date(ts).toISOString(),
        value,
      })),
    );
  }
}
