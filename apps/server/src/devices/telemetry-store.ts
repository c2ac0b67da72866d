import type { Queryable } from '../db/database';

const DAY_MS = 86_400_000;
/**
 * Readings per insert statement: large enough that per-statement costs vanish, small enough
 * that an express write (an ack, a commanded lamp's state) never waits long behind one.
 */
const INSERT_CHUNK = 2_500;
const tables = ['dev_lamp_reading', 'dev_sensor_reading'] as const;
type ReadingTable = (typeof tables)[number];

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
const partitionName = (table: ReadingTable, day: number) =>
  `${table}_p${new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;

/** Lamp readings, column by column: one array per column is one bound parameter for unnest. */
export class LampColumns {
  ts: number[] = [];
  deviceId: string[] = [];
  projectId: string[] = [];
  on: (boolean | null)[] = [];
  level: (number | null)[] = [];
  target: (number | null)[] = [];
  voltage: (number | null)[] = [];
  current: (number | null)[] = [];
  power: (number | null)[] = [];
  powerFactor: (number | null)[] = [];
  energy: (number | null)[] = [];
  hours: (number | null)[] = [];
  switchOns: (number | null)[] = [];
  get size() {
    return this.ts.length;
  }
}

export class SensorColumns {
  ts: number[] = [];
  deviceId: string[] = [];
  projectId: string[] = [];
  temperature: (number | null)[] = [];
  humidity: (number | null)[] = [];
  pm25: (number | null)[] = [];
  pm10: (number | null)[] = [];
  noise: (number | null)[] = [];
  illuminance: (number | null)[] = [];
  windSpeed: (number | null)[] = [];
  windDirection: (number | null)[] = [];
  pressure: (number | null)[] = [];
  get size() {
    return this.ts.length;
  }
}

/**
 * Array literals for the bound parameters, built with one join per column: the driver's generic
 * array serialisation (a regular expression per element) and an ISO string per timestamp were
 * a fifth of the server's time at 100,000 readings/s. Timestamps travel as epoch milliseconds.
 */
export const numberArray = (values: readonly (number | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
export const booleanArray = (values: readonly (boolean | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : v ? 't' : 'f')).join(',')}}`;
/** Text elements double-quoted, with `"` and `\` escaped (ids, so these are rare). */
export const textArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${/["\\]/.test(v) ? v.replace(/["\\]/g, '\\$&') : v}"`)).join(',')}}`;
/** SQL for an epoch-milliseconds bigint as timestamptz (exact: 1 ms = 1000 µs). */
export const epochMsToTimestamptz = (expr: string) =>
  `(timestamptz 'epoch' + ${expr} * interval '1 millisecond')`;

/**
 * Telemetry history: daily partitions created on demand, batched multi-row inserts through
 * unnest (one statement per batch, a bound array per column), hourly and daily rollups, and
 * retention by dropping whole partitions.
 */
export class TelemetryStore {
  private readonly partitions = new Set<string>();

  constructor(private readonly db: Queryable) {}

  /** Readings must fall within [now - retention, now + 1 day]; the rest is dropped by ingestion. */
  async ensurePartitions(table: ReadingTable, timestamps: number[]): Promise<void> {
    const days = new Set<number>();
    for (const t of timestamps) days.add(dayOf(t));
    for (const day of days) {
      const name = partitionName(table, day);
      if (this.partitions.has(name)) continue;
      const from = new Date(day * DAY_MS).toISOString();
      const to = new Date((day + 1) * DAY_MS).toISOString();
      try {
        await this.db.query(
          `create table if not exists ${name} partition of ${table} for values from ('${from}') to ('${to}')`,
        );
      } catch (error) {
        // Another API node created it at the same moment.
        if ((error as { code?: string }).code !== '42P07') throw error;
      }
      this.partitions.add(name);
    }
  }

  async insertLamps(c: LampColumns): Promise<void> {
    if (c.size === 0) return;
    await this.ensurePartitions('dev_lamp_reading', c.ts);
    for (let i = 0; i < c.size; i += INSERT_CHUNK) await this.insertLampRows(c, i, i + INSERT_CHUNK);
  }

  private async insertLampRows(c: LampColumns, from: number, to: number): Promise<void> {
    const num = (column: (number | null)[]) => numberArray(column.slice(from, to));
    await this.db.query(
      `insert into dev_lamp_reading (ts, device_id, project_id, light_on, level, target, voltage, current, power,
         power_factor, energy, hours, switch_ons)
       select ${epochMsToTimestamptz('v.ts')}, v.device_id, v.project_id, v.light_on, v.level, v.target, v.voltage,
         v.current, v.power, v.power_factor, v.energy, v.hours, v.switch_ons
         from unnest($1::int8[], $2::text[], $3::text[], $4::boolean[], $5::real[], $6::real[],
         $7::real[], $8::real[], $9::real[], $10::real[], $11::float8[], $12::real[], $13::int[])
           as v(ts, device_id, project_id, light_on, level, target, voltage, current, power, power_factor, energy,
             hours, switch_ons)`,
      [
        num(c.ts),
        textArray(c.deviceId.slice(from, to)),
        textArray(c.projectId.slice(from, to)),
        booleanArray(c.on.slice(from, to)),
        num(c.level),
        num(c.target),
        num(c.voltage),
        num(c.current),
        num(c.power),
        num(c.powerFactor),
        num(c.energy),
        num(c.hours),
        num(c.switchOns),
      ],
    );
  }

  async insertSensors(c: SensorColumns): Promise<void> {
    if (c.size === 0) return;
    await this.ensurePartitions('dev_sensor_reading', c.ts);
    for (let i = 0; i < c.size; i += INSERT_CHUNK) await this.insertSensorRows(c, i, i + INSERT_CHUNK);
  }

  private async insertSensorRows(c: SensorColumns, from: number, to: number): Promise<void> {
    const num = (column: (number | null)[]) => numberArray(column.slice(from, to));
    await this.db.query(
      `insert into dev_sensor_reading (ts, device_id, project_id, temperature, humidity, pm25, pm10, noise,
         illuminance, wind_speed, wind_direction, pressure)
       select ${epochMsToTimestamptz('v.ts')}, v.device_id, v.project_id, v.temperature, v.humidity, v.pm25, v.pm10,
         v.noise, v.illuminance, v.wind_speed, v.wind_direction, v.pressure
         from unnest($1::int8[], $2::text[], $3::text[], $4::real[], $5::real[], $6::real[],
         $7::real[], $8::real[], $9::real[], $10::real[], $11::real[], $12::real[])
           as v(ts, device_id, project_id, temperature, humidity, pm25, pm10, noise, illuminance, wind_speed,
             wind_direction, pressure)`,
      [
        num(c.ts),
        textArray(c.deviceId.slice(from, to)),
        textArray(c.projectId.slice(from, to)),
        num(c.temperature),
        num(c.humidity),
        num(c.pm25),
        num(c.pm10),
        num(c.noise),
        num(c.illuminance),
        num(c.windSpeed),
        num(c.windDirection),
        num(c.pressure),
      ],
    );
  }

  /**
   * Recomputes the hourly rollups of [from, to) from the readings, then the daily rollups of
   * the days they touch (in each project's time zone) from the hourly ones. Idempotent.
   */
  async rollup(from: Date, to: Date): Promise<void> {
    const hourFrom = new Date(Math.floor(from.getTime() / 3_600_000) * 3_600_000).toISOString();
    const toIsoStr = to.toISOString();
    await this.db.query(
      `insert into dev_lamp_rollup (grain, bucket, device_id, project_id, samples, level_avg, power_avg, power_max,
         voltage_avg, current_avg, energy_max, energy_delta, on_ratio)
       select 'h', date_trunc('hour', ts), device_id, min(project_id), count(*)::int, avg(level), avg(power),
         max(power), avg(voltage), avg(current), max(energy), max(energy) - min(energy),
         avg(case when light_on then 1 when light_on is false then 0 end)
         from dev_lamp_reading where ts >= $1 and ts < $2 group by 2, 3
       on conflict (grain, device_id, bucket) do update set samples = excluded.samples,
         level_avg = excluded.level_avg, power_avg = excluded.power_avg, power_max = excluded.power_max,
         voltage_avg = excluded.voltage_avg, current_avg = excluded.current_avg,
         energy_max = excluded.energy_max, energy_delta = excluded.energy_delta, on_ratio = excluded.on_ratio`,
      [hourFrom, toIsoStr],
    );
    await this.db.query(
      `insert into dev_sensor_rollup (grain, bucket, device_id, project_id, samples, temperature_avg, temperature_min,
         temperature_max, humidity_avg, pm25_avg, pm25_max, pm10_avg, pm10_max, noise_avg, noise_max,
         illuminance_avg, wind_speed_avg, wind_speed_max, pressure_avg)
       select 'h', date_trunc('hour', ts), device_id, min(project_id), count(*)::int, avg(temperature),
         min(temperature), max(temperature), avg(humidity), avg(pm25), max(pm25), avg(pm10), max(pm10),
         avg(noise), max(noise), avg(illuminance), avg(wind_speed), max(wind_speed), avg(pressure)
         from dev_sensor_reading where ts >= $1 and ts < $2 group by 2, 3
       on conflict (grain, device_id, bucket) do update set samples = excluded.samples,
         temperature_avg = excluded.temperature_avg, temperature_min = excluded.temperature_min,
         temperature_max = excluded.temperature_max, humidity_avg = excluded.humidity_avg,
         pm25_avg = excluded.pm25_avg, pm25_max = excluded.pm25_max, pm10_avg = excluded.pm10_avg,
         pm10_max = excluded.pm10_max, noise_avg = excluded.noise_avg, noise_max = excluded.noise_max,
         illuminance_avg = excluded.illuminance_avg, wind_speed_avg = excluded.wind_speed_avg,
         wind_speed_max = excluded.wind_speed_max, pressure_avg = excluded.pressure_avg`,
      [hourFrom, toIsoStr],
    );
    // Days: recomputed from the hours of the days touched, a day being local to the project.
    const dayFrom = new Date(new Date(hourFrom).getTime() - DAY_MS).toISOString();
    await this.db.query(
      `with days as (
         select distinct r.device_id, date_trunc('day', r.bucket, coalesce(p.time_zone, 'UTC')) as day,
                coalesce(p.time_zone, 'UTC') as tz
           from dev_lamp_rollup r left join sys_project p on p.id = r.project_id
          where r.grain = 'h' and r.bucket >= $1 and r.bucket < $2)
       insert into dev_lamp_rollup (grain, bucket, device_id, project_id, samples, level_avg, power_avg, power_max,
         voltage_avg, current_avg, energy_max, energy_delta, on_ratio)
       select 'd', d.day, r.device_id, min(r.project_id), sum(r.samples)::int,
         sum(r.level_avg * r.samples) / sum(r.samples), sum(r.power_avg * r.samples) / sum(r.samples),
         max(r.power_max), sum(r.voltage_avg * r.samples) / sum(r.samples),
         sum(r.current_avg * r.samples) / sum(r.samples), max(r.energy_max),
         max(r.energy_max) - min(r.energy_max - r.energy_delta), sum(r.on_ratio * r.samples) / sum(r.samples)
         from days d join dev_lamp_rollup r on r.grain = 'h' and r.device_id = d.device_id
          and r.bucket >= d.day and r.bucket < d.day + interval '1 day'
        group by d.day, r.device_id
       on conflict (grain, device_id, bucket) do update set samples = excluded.samples,
         level_avg = excluded.level_avg, power_avg = excluded.power_avg, power_max = excluded.power_max,
         voltage_avg = excluded.voltage_avg, current_avg = excluded.current_avg,
         energy_max = excluded.energy_max, energy_delta = excluded.energy_delta, on_ratio = excluded.on_ratio`,
      [dayFrom, toIsoStr],
    );
    await this.db.query(
      `with days as (
         select distinct r.device_id, date_trunc('day', r.bucket, coalesce(p.time_zone, 'UTC')) as day
           from dev_sensor_rollup r left join sys_project p on p.id = r.project_id
          where r.grain = 'h' and r.bucket >= $1 and r.bucket < $2)
       insert into dev_sensor_rollup (grain, bucket, device_id, project_id, samples, temperature_avg, temperature_min,
         temperature_max, humidity_avg, pm25_avg, pm25_max, pm10_avg, pm10_max, noise_avg, noise_max,
         illuminance_avg, wind_speed_avg, wind_speed_max, pressure_avg)
       select 'd', d.day, r.device_id, min(r.project_id), sum(r.samples)::int,
         avg(r.temperature_avg), min(r.temperature_min), max(r.temperature_max), avg(r.humidity_avg),
         avg(r.pm25_avg), max(r.pm25_max), avg(r.pm10_avg), max(r.pm10_max), avg(r.noise_avg), max(r.noise_max),
         avg(r.illuminance_avg), avg(r.wind_speed_avg), max(r.wind_speed_max), avg(r.pressure_avg)
         from days d join dev_sensor_rollup r on r.grain = 'h' and r.device_id = d.device_id
          and r.bucket >= d.day and r.bucket < d.day + interval '1 day'
        group by d.day, r.device_id
       on conflict (grain, device_id, bucket) do update set samples = excluded.samples,
         temperature_avg = excluded.temperature_avg, temperature_min = excluded.temperature_min,
         temperature_max = excluded.temperature_max, humidity_avg = excluded.humidity_avg,
         pm25_avg = excluded.pm25_avg, pm25_max = excluded.pm25_max, pm10_avg = excluded.pm10_avg,
         pm10_max = excluded.pm10_max, noise_avg = excluded.noise_avg, noise_max = excluded.noise_max,
         illuminance_avg = excluded.illuminance_avg, wind_speed_avg = excluded.wind_speed_avg,
         wind_speed_max = excluded.wind_speed_max, pressure_avg = excluded.pressure_avg`,
      [dayFrom, toIsoStr],
    );
  }

  /**
   * Drops raw partitions entirely older than `days`, and hourly rollups older than four times
   * that; daily rollups are kept. Returns the dropped partitions.
   */
  async applyRetention(days: number, now = Date.now()): Promise<string[]> {
    const cutoffDay = dayOf(now) - days;
    const dropped: string[] = [];
    for (const table of tables) {
      const rows = await this.db.query<{ name: string }>(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
           join pg_class p on p.oid = i.inhparent where p.relname = $1`,
        [table],
      );
      for (const { name } of rows) {
        const m = /_p(\d{4})(\d{2})(\d{2})$/.exec(name);
        if (!m) continue;
        const day = dayOf(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
        if (day + 1 <= cutoffDay) {
          await this.db.query(`drop table if exists ${name}`);
          this.partitions.delete(name);
          dropped.push(name);
        }
      }
    }
    const hourlyCutoff = new Date(now - days * 4 * DAY_MS).toISOString();
    await this.db.query(`delete from dev_lamp_rollup where grain = 'h' and bucket < $1`, [hourlyCutoff]);
    await this.db.query(`delete from dev_sensor_rollup where grain = 'h' and bucket < $1`, [hourlyCutoff]);
    return dropped;
  }
}
