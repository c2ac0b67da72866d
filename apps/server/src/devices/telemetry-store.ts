import type { Queryable } from '../db/database';

const DAY_MS = 86_400_000;
/**
 * Readings per insert statement: large enough that per-statement costs vanish, small enough
 * that an express write (an ack, a commanded lamp's state) never waits long behind one.
 */
const INSERT_CHUNK = 2_500;
/**
 * Insert statements of one flush in flight at once (pool connections). Measured with 3
 * (PostgreSQL, shared 2-core machine): +25–40 % readings/s in the window, but the command round
 * trip went from 0.4–0.6 s to 3.5–4.3 s (the express lane waits for a busier database), and
 * no fewer readings dropped overall — so 1 until the command path has its own connection.
 */
const INSERT_PARALLEL = 1;
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

const HOUR_MS = 3_600_000;
/** Rollup rows per upsert statement. */
const ROLLUP_CHUNK = 5_000;

/** Running aggregate of one nullable column: sum and count of non-null values, min and max. */
class Agg {
  sum = 0;
  n = 0;
  min = Infinity;
  max = -Infinity;
  add(v: number | null | undefined) {
    if (v === null || v === undefined) return;
    this.sum += v;
    this.n++;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
  }
  merge(o: Agg) {
    this.sum += o.sum;
    this.n += o.n;
    if (o.min < this.min) this.min = o.min;
    if (o.max > this.max) this.max = o.max;
  }
  get avg() {
    return this.n ? this.sum / this.n : null;
  }
  get lo() {
    return this.n ? this.min : null;
  }
  get hi() {
    return this.n ? this.max : null;
  }
}

const lampAggs = ['level', 'power', 'voltage', 'current', 'energy', 'on'] as const;
const sensorAggs = [
  'temperature',
  'humidity',
  'pm25',
  'pm10',
  'noise',
  'illuminance',
  'windSpeed',
  'pressure',
] as const;
type Bucket<K extends string> = {
  deviceId: string;
  projectId: string;
  hour: number;
  samples: number;
} & Record<K, Agg>;
type LampBucket = Bucket<(typeof lampAggs)[number]>;
type SensorBucket = Bucket<(typeof sensorAggs)[number]>;

function newBucket<K extends string>(keys: readonly K[], deviceId: string, projectId: string, hour: number) {
  const b = { deviceId, projectId, hour, samples: 0 } as Bucket<K>;
  for (const k of keys) (b as Record<string, unknown>)[k] = new Agg();
  return b;
}

/**
 * Hourly rollup sums (count, sum, min, max per column and device-hour) of the readings stored
 * since the last rollup run, gathered per flush so that the minute job upserts them instead of
 * recomputing the hour from the raw readings.
 */
export class RollupBuckets {
  readonly lamps = new Map<string, LampBucket>();
  readonly sensors = new Map<string, SensorBucket>();

  get size() {
    return this.lamps.size + this.sensors.size;
  }

  addLamps(c: LampColumns): void {
    for (let i = 0; i < c.size; i++) {
      const hour = Math.floor(c.ts[i]! / HOUR_MS) * HOUR_MS;
      const key = `${c.deviceId[i]}|${hour}`;
      let b = this.lamps.get(key);
      if (!b) {
        b = newBucket(lampAggs, c.deviceId[i]!, c.projectId[i]!, hour);
        this.lamps.set(key, b);
      }
      b.samples++;
      b.level.add(c.level[i]);
      b.power.add(c.power[i]);
      b.voltage.add(c.voltage[i]);
      b.current.add(c.current[i]);
      b.energy.add(c.energy[i]);
      const on = c.on[i];
      b.on.add(on === null || on === undefined ? null : on ? 1 : 0);
    }
  }

  addSensors(c: SensorColumns): void {
    for (let i = 0; i < c.size; i++) {
      const hour = Math.floor(c.ts[i]! / HOUR_MS) * HOUR_MS;
      const key = `${c.deviceId[i]}|${hour}`;
      let b = this.sensors.get(key);
      if (!b) {
        b = newBucket(sensorAggs, c.deviceId[i]!, c.projectId[i]!, hour);
        this.sensors.set(key, b);
      }
      b.samples++;
      b.temperature.add(c.temperature[i]);
      b.humidity.add(c.humidity[i]);
      b.pm25.add(c.pm25[i]);
      b.pm10.add(c.pm10[i]);
      b.noise.add(c.noise[i]);
      b.illuminance.add(c.illuminance[i]);
      b.windSpeed.add(c.windSpeed[i]);
      b.pressure.add(c.pressure[i]);
    }
  }

  /** Adds these sums into `target` (a failed upsert's sums go back for the next run). */
  mergeInto(target: RollupBuckets): void {
    const merge = <B extends LampBucket | SensorBucket>(
      from: Map<string, B>,
      to: Map<string, B>,
      keys: readonly string[],
    ) => {
      for (const [key, b] of from) {
        const t = to.get(key);
        if (!t) {
          to.set(key, b);
          continue;
        }
        t.samples += b.samples;
        for (const k of keys)
          (t as unknown as Record<string, Agg>)[k]!.merge((b as unknown as Record<string, Agg>)[k]!);
      }
    };
    merge(this.lamps, target.lamps, lampAggs);
    merge(this.sensors, target.sensors, sensorAggs);
  }

  /** The earliest and the end of the latest hour held, or null when empty. */
  span(): { from: number; to: number } | null {
    let from = Infinity;
    let to = -Infinity;
    for (const m of [this.lamps, this.sensors])
      for (const b of m.values()) {
        if (b.hour < from) from = b.hour;
        if (b.hour + HOUR_MS > to) to = b.hour + HOUR_MS;
      }
    return from === Infinity ? null : { from, to };
  }
}

/** Weighted merge of an average column with the new rows' average (weights: samples). */
const wavg = (c: string) =>
  `${c} = case when excluded.${c} is null then r.${c} when r.${c} is null then excluded.${c}
     else (r.${c} * r.samples + excluded.${c} * excluded.samples) / (r.samples + excluded.samples) end`;
const gmax = (c: string) => `${c} = greatest(r.${c}, excluded.${c})`;
const lmin = (c: string) => `${c} = least(r.${c}, excluded.${c})`;

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

  /**
   * Runs the chunks of one insert on up to `INSERT_PARALLEL` pool connections (PostgreSQL:
   * the database's work on one chunk overlaps the server's building of the next; PGlite has
   * one connection and runs them one after another anyway).
   */
  private async inParallel(size: number, insert: (from: number, to: number) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < size) {
        const from = next;
        next += INSERT_CHUNK;
        await insert(from, Math.min(size, from + INSERT_CHUNK));
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(INSERT_PARALLEL, Math.ceil(size / INSERT_CHUNK)) }, worker),
    );
  }

  async insertLamps(c: LampColumns): Promise<void> {
    if (c.size === 0) return;
    await this.ensurePartitions('dev_lamp_reading', c.ts);
    await this.inParallel(c.size, (from, to) => this.insertLampRows(c, from, to));
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
    await this.inParallel(c.size, (from, to) => this.insertSensorRows(c, from, to));
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
    await this.rollupDays(new Date(new Date(hourFrom).getTime() - DAY_MS).toISOString(), toIsoStr);
  }

  /** Recomputes the daily rollups of the device-days touched by hourly rollups in [from, to). */
  async rollupDays(dayFrom: string, toIsoStr: string): Promise<void> {
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
   * Adds the sums of readings stored since the last run into the hourly rollups (one upsert per
   * chunk: samples add up, averages are merged weighted by samples, min/max combined), then
   * recomputes the daily rollups of the device-days those hours touch from the hourly rows.
   * Not idempotent: each set of sums must be added once (the ingestor hands them over once).
   */
  async addRollups(b: RollupBuckets): Promise<void> {
    const span = b.span();
    if (!span) return;
    const lamps = [...b.lamps.values()];
    for (let i = 0; i < lamps.length; i += ROLLUP_CHUNK) {
      const rows = lamps.slice(i, i + ROLLUP_CHUNK);
      const num = (f: (x: LampBucket) => number | null) => numberArray(rows.map(f));
      await this.db.query(
        `insert into dev_lamp_rollup as r (grain, bucket, device_id, project_id, samples, level_avg, power_avg,
           power_max, voltage_avg, current_avg, energy_max, energy_delta, on_ratio)
         select 'h', ${epochMsToTimestamptz('v.hour')}, v.device_id, v.project_id, v.samples, v.level_avg,
           v.power_avg, v.power_max, v.voltage_avg, v.current_avg, v.energy_max, v.energy_max - v.energy_min,
           v.on_ratio
           from unnest($1::int8[], $2::text[], $3::text[], $4::int[], $5::float8[], $6::float8[], $7::float8[],
             $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[])
             as v(hour, device_id, project_id, samples, level_avg, power_avg, power_max, voltage_avg, current_avg,
               energy_max, energy_min, on_ratio)
         on conflict (grain, device_id, bucket) do update set samples = r.samples + excluded.samples,
           ${wavg('level_avg')}, ${wavg('power_avg')}, ${gmax('power_max')}, ${wavg('voltage_avg')},
           ${wavg('current_avg')}, ${gmax('energy_max')},
           energy_delta = greatest(r.energy_max, excluded.energy_max)
             - least(r.energy_max - r.energy_delta, excluded.energy_max - excluded.energy_delta),
           ${wavg('on_ratio')}`,
        [
          num((x) => x.hour),
          textArray(rows.map((x) => x.deviceId)),
          textArray(rows.map((x) => x.projectId)),
          num((x) => x.samples),
          num((x) => x.level.avg),
          num((x) => x.power.avg),
          num((x) => x.power.hi),
          num((x) => x.voltage.avg),
          num((x) => x.current.avg),
          num((x) => x.energy.hi),
          num((x) => x.energy.lo),
          num((x) => x.on.avg),
        ],
      );
    }
    const sensors = [...b.sensors.values()];
    for (let i = 0; i < sensors.length; i += ROLLUP_CHUNK) {
      const rows = sensors.slice(i, i + ROLLUP_CHUNK);
      const num = (f: (x: SensorBucket) => number | null) => numberArray(rows.map(f));
      await this.db.query(
        `insert into dev_sensor_rollup as r (grain, bucket, device_id, project_id, samples, temperature_avg,
           temperature_min, temperature_max, humidity_avg, pm25_avg, pm25_max, pm10_avg, pm10_max, noise_avg,
           noise_max, illuminance_avg, wind_speed_avg, wind_speed_max, pressure_avg)
         select 'h', ${epochMsToTimestamptz('v.hour')}, v.device_id, v.project_id, v.samples, v.temperature_avg,
           v.temperature_min, v.temperature_max, v.humidity_avg, v.pm25_avg, v.pm25_max, v.pm10_avg, v.pm10_max,
           v.noise_avg, v.noise_max, v.illuminance_avg, v.wind_speed_avg, v.wind_speed_max, v.pressure_avg
           from unnest($1::int8[], $2::text[], $3::text[], $4::int[], $5::float8[], $6::float8[], $7::float8[],
             $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[], $14::float8[],
             $15::float8[], $16::float8[], $17::float8[], $18::float8[])
             as v(hour, device_id, project_id, samples, temperature_avg, temperature_min, temperature_max,
               humidity_avg, pm25_avg, pm25_max, pm10_avg, pm10_max, noise_avg, noise_max, illuminance_avg,
               wind_speed_avg, wind_speed_max, pressure_avg)
         on conflict (grain, device_id, bucket) do update set samples = r.samples + excluded.samples,
           ${wavg('temperature_avg')}, ${lmin('temperature_min')}, ${gmax('temperature_max')},
           ${wavg('humidity_avg')}, ${wavg('pm25_avg')}, ${gmax('pm25_max')}, ${wavg('pm10_avg')},
           ${gmax('pm10_max')}, ${wavg('noise_avg')}, ${gmax('noise_max')}, ${wavg('illuminance_avg')},
           ${wavg('wind_speed_avg')}, ${gmax('wind_speed_max')}, ${wavg('pressure_avg')}`,
        [
          num((x) => x.hour),
          textArray(rows.map((x) => x.deviceId)),
          textArray(rows.map((x) => x.projectId)),
          num((x) => x.samples),
          num((x) => x.temperature.avg),
          num((x) => x.temperature.lo),
          num((x) => x.temperature.hi),
          num((x) => x.humidity.avg),
          num((x) => x.pm25.avg),
          num((x) => x.pm25.hi),
          num((x) => x.pm10.avg),
          num((x) => x.pm10.hi),
          num((x) => x.noise.avg),
          num((x) => x.noise.hi),
          num((x) => x.illuminance.avg),
          num((x) => x.windSpeed.avg),
          num((x) => x.windSpeed.hi),
          num((x) => x.pressure.avg),
        ],
      );
    }
    await this.rollupDays(new Date(span.from).toISOString(), new Date(span.to).toISOString());
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
