import type { AlarmSeverity, EnvMetric } from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import { deviceRelation, poleRelation } from '../device';

/** A threshold as stored (env_threshold). */
export type EnvThreshold = {
  id: string;
  projectId: string;
  /** null: every sensor of the project. */
  sensorId: string | null;
  metric: EnvMetric;
  comparison: 'gt' | 'lt';
  value: number;
  durationSeconds: number;
  hysteresis: number;
  severity: AlarmSeverity;
  enabled: boolean;
};

export type ThresholdInput = Omit<EnvThreshold, 'id'>;

const COLUMNS = `id, project_id as "projectId", sensor_id as "sensorId", metric, comparison, value,
  duration_seconds as "durationSeconds", hysteresis, severity, enabled`;
/** Project-wide limits first, then each sensor's, in a stable order. */
const ORDER = 'order by sensor_id nulls first, metric, comparison';

/** All of the env module's SQL: its thresholds, and the sensors and poles it reads through the device relations. */
/** A threshold's columns from `project_id` to `enabled`, in the order of its insert and update. */
const thresholdValues = (t: ThresholdInput) => [
  t.projectId,
  t.sensorId,
  t.metric,
  t.comparison,
  t.value,
  t.durationSeconds,
  t.hysteresis,
  t.severity,
  t.enabled,
];

export class EnvRepository {
  constructor(private readonly db: Queryable) {}

  thresholdsOfProject(projectId: string, sensorId?: string): Promise<EnvThreshold[]> {
    return sensorId === undefined
      ? this.db.query<EnvThreshold>(`select ${COLUMNS} from env_threshold where project_id = $1 ${ORDER}`, [
          projectId,
        ])
      : this.db.query<EnvThreshold>(
          `select ${COLUMNS} from env_threshold where project_id = $1 and (sensor_id is null or sensor_id = $2) ${ORDER}`,
          [projectId, sensorId],
        );
  }

  /** The thresholds that may apply to a sensor: its own and its project's. */
  async thresholdsOfSensor(sensorId: string): Promise<EnvThreshold[]> {
    return this.db.query<EnvThreshold>(
      `select ${COLUMNS} from env_threshold t
        where t.sensor_id = $1
           or (t.sensor_id is null and t.project_id = (select d.project_id from (${deviceRelation}) d where d.id = $1))
        ${ORDER}`,
      [sensorId],
    );
  }

  async threshold(id: string): Promise<EnvThreshold | undefined> {
    const [row] = await this.db.query<EnvThreshold>(`select ${COLUMNS} from env_threshold where id = $1`, [
      id,
    ]);
    return row;
  }

  async insertThreshold(t: ThresholdInput, by: string): Promise<EnvThreshold> {
    const [row] = await this.db.query<EnvThreshold>(
      `insert into env_threshold (project_id, sensor_id, metric, comparison, value, duration_seconds, hysteresis,
          severity, enabled, create_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNS}`,
      [...thresholdValues(t), by],
    );
    return row!;
  }

  /** Changes a threshold of `projectId`; undefined when it has none with that id. */
  async updateThreshold(id: string, t: ThresholdInput, by: string): Promise<EnvThreshold | undefined> {
    const [row] = await this.db.query<EnvThreshold>(
      `update env_threshold set sensor_id = $3, metric = $4, comparison = $5, value = $6, duration_seconds = $7,
          hysteresis = $8, severity = $9, enabled = $10, update_by = $11, update_time = now()
        where id = $1 and project_id = $2 returning ${COLUMNS}`,
      [id, ...thresholdValues(t), by],
    );
    return row;
  }

  async deleteThreshold(id: string): Promise<boolean> {
    return (await this.db.query('delete from env_threshold where id = $1 returning id', [id])).length > 0;
  }

  /** Whether `sensorId` is a sensor of `projectId`. */
  async isSensorOf(projectId: string, sensorId: string): Promise<boolean> {
    const rows = await this.db.query(
      `select 1 from (${deviceRelation}) d where d.id = $1 and d.project_id = $2 and d.kind = 'sensor'`,
      [sensorId, projectId],
    );
    return rows.length > 0;
  }

  /** The codes of poles, by id. */
  async poleCodes(poleIds: readonly string[]): Promise<Map<string, string>> {
    if (poleIds.length === 0) return new Map();
    const rows = await this.db.query<{ id: string; code: string }>(
      `select p.id, p.code from (${poleRelation}) p where p.id = any($1::text[])`,
      [poleIds],
    );
    return new Map(rows.map((r) => [r.id, r.code]));
  }
}
