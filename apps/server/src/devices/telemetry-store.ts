import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../db/database';
import {
  addHourlySql,
  dailyFromHoursSql,
  hourlyFromReadingsSql,
  type LampKey,
  lampKeys,
  lampRollup,
  type RollupTable,
  type SensorKey,
  sensorKeys,
  sensorRollup,
} from './rollup-sql';

const DAY_MS = 86_400_000;
/**
 * PostgreSQL: rows of COPY text built per turn of the event loop (~0.5 MB): the database
 * consumes one chunk while the next is built, and MQTT and HTTP work runs in between.
 */
const COPY_CHUNK = 5_000;
/**
 * PostgreSQL: rows per COPY statement. A backlog is committed in steps of this many rows (each
 * visible and durable on its own) instead of in one transaction at the very end.
 */
const COPY_ROWS = 50_000;
/**
 * PGlite: readings per insert statement. PGlite runs in this thread, so a statement holds the
 * event loop for its whole duration: 1,000 rows (~15–20 ms) keeps an API query or a command
 * write waiting behind telemetry short, and the per-statement cost still small.
 */
const INSERT_CHUNK = 1_000;
/** Rollup rows per upsert statement. */
const ROLLUP_CHUNK = 5_000;
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

/** COPY text fields: `\N` is null; backslash, tab and line breaks escaped in text (ids: rare). */
const copyNumber = (v: number | null | undefined) => (v === null || v === undefined ? '\\N' : v);
const copyBoolean = (v: boolean | null | undefined) =>
  v === null || v === undefined ? '\\N' : v ? 't' : 'f';
const copyText = (v: string) =>
  /[\\\t\n\r]/.test(v)
    ? v.replace(/[\\\t\n\r]/g, (c) => `\\${c === '\t' ? 't' : c === '\n' ? 'n' : c === '\r' ? 'r' : '\\'}`)
    : v;
/**
 * ISO text of epoch-ms timestamps, remembering the last one: the readings of one message share
 * the message's timestamp, so this formats about one in a hundred.
 */
function isoTimes() {
  let last = Number.NaN;
  let text = '';
  return (ms: number) => {
    if (ms !== last) {
      last = ms;
      text = new Date(ms).toISOString();
    }
    return text;
  };
}

/** Indexes [from, to) of `size` items in steps of `step`. */
function* ranges(size: number, step: number): Generator<[number, number]> {
  for (let from = 0; from < size; from += step) yield [from, Math.min(size, from + step)];
}

const lampColumnNames = [
  'ts',
  'device_id',
  'project_id',
  'light_on',
  'level',
  'target',
  'voltage',
  'current',
  'power',
  'power_factor',
  'energy',
  'hours',
  'switch_ons',
] as const;
const sensorColumnNames = [
  'ts',
  'device_id',
  'project_id',
  'temperature',
  'humidity',
  'pm25',
  'pm10',
  'noise',
  'illuminance',
  'wind_speed',
  'wind_direction',
  'pressure',
] as const;

/** Lamp readings as COPY text, `COPY_CHUNK` rows per chunk, built when the chunk is pulled. */
export function* lampCopyText(c: LampColumns, start = 0, end = c.size): Generator<string> {
  const iso = isoTimes();
  for (const [first, last] of ranges(end - start, COPY_CHUNK)) {
    const [from, to] = [start + first, start + last];
    let out = '';
    for (let i = from; i < to; i++)
      out += `${iso(c.ts[i]!)}\t${copyText(c.deviceId[i]!)}\t${copyText(c.projectId[i]!)}\t${copyBoolean(c.on[i])}\t${copyNumber(c.level[i])}\t${copyNumber(c.target[i])}\t${copyNumber(c.voltage[i])}\t${copyNumber(c.current[i])}\t${copyNumber(c.power[i])}\t${copyNumber(c.powerFactor[i])}\t${copyNumber(c.energy[i])}\t${copyNumber(c.hours[i])}\t${copyNumber(c.switchOns[i])}\n`;
    yield out;
  }
}

/** Sensor readings as COPY text, `COPY_CHUNK` rows per chunk. */
export function* sensorCopyText(c: SensorColumns, start = 0, end = c.size): Generator<string> {
  const iso = isoTimes();
  for (const [first, last] of ranges(end - start, COPY_CHUNK)) {
    const [from, to] = [start + first, start + last];
    let out = '';
    for (let i = from; i < to; i++)
      out += `${iso(c.ts[i]!)}\t${copyText(c.deviceId[i]!)}\t${copyText(c.projectId[i]!)}\t${copyNumber(c.temperature[i])}\t${copyNumber(c.humidity[i])}\t${copyNumber(c.pm25[i])}\t${copyNumber(c.pm10[i])}\t${copyNumber(c.noise[i])}\t${copyNumber(c.illuminance[i])}\t${copyNumber(c.windSpeed[i])}\t${copyNumber(c.windDirection[i])}\t${copyNumber(c.pressure[i])}\n`;
    yield out;
  }
}

const HOUR_MS = 3_600_000;

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

type Bucket<K extends string> = {
  deviceId: string;
  projectId: string;
  hour: number;
  samples: number;
} & Record<K, Agg>;
type LampBucket = Bucket<LampKey>;
type SensorBucket = Bucket<SensorKey>;

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
        b = newBucket(lampKeys, c.deviceId[i]!, c.projectId[i]!, hour);
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
        b = newBucket(sensorKeys, c.deviceId[i]!, c.projectId[i]!, hour);
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
    merge(this.lamps, target.lamps, lampKeys);
    merge(this.sensors, target.sensors, sensorKeys);
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

/** The values of one rollup column taken from the in-memory sums of a bucket. */
function bucketValue<K extends string>(b: Bucket<K>, c: RollupTable<K>['columns'][number]): number | null {
  const agg = b[c.key];
  switch (c.agg) {
    case 'avg':
      return agg.avg;
    case 'max':
      return agg.hi;
    case 'min':
      return agg.lo;
    case 'delta':
      return agg.n ? agg.max - agg.min : null;
  }
}

/**
 * Telemetry history: daily partitions created on demand; batched writes (PostgreSQL: COPY on
 * the database's bulk connection, so that API queries and command writes never wait behind
 * them; PGlite: multi-row inserts through unnest, a turn of the event loop between two);
 * hourly and daily rollups; retention by dropping whole partitions.
 */
export class TelemetryStore {
  private readonly partitions = new Set<string>();

  constructor(private readonly db: Database) {}

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

  /** Stores lamp readings (a failed statement stores none of its rows; see COPY_ROWS, INSERT_CHUNK). */
  async insertLamps(c: LampColumns): Promise<void> {
    if (c.size === 0) return;
    await this.ensurePartitions('dev_lamp_reading', c.ts);
    const copyIn = this.db.copyIn;
    if (copyIn)
      for (const [from, to] of ranges(c.size, COPY_ROWS))
        await copyIn('dev_lamp_reading', lampColumnNames, lampCopyText(c, from, to));
    else await this.inChunks(c.size, (from, to) => this.insertLampRows(c, from, to));
  }

  async insertSensors(c: SensorColumns): Promise<void> {
    if (c.size === 0) return;
    await this.ensurePartitions('dev_sensor_reading', c.ts);
    const copyIn = this.db.copyIn;
    if (copyIn)
      for (const [from, to] of ranges(c.size, COPY_ROWS))
        await copyIn('dev_sensor_reading', sensorColumnNames, sensorCopyText(c, from, to));
    else await this.inChunks(c.size, (from, to) => this.insertSensorRows(c, from, to));
  }

  /**
   * PGlite: one insert statement per `INSERT_CHUNK` readings, with a turn of the event loop
   * between two: PGlite runs queries in this thread and queues them in order, so a query issued
   * meanwhile (an API request, a command write) runs after the current statement instead of
   * after the whole batch. Not one transaction: the API's queries run on the same single
   * connection in between, and must not join it; each statement is atomic on its own.
   */
  private async inChunks(size: number, insert: (from: number, to: number) => Promise<void>): Promise<void> {
    let first = true;
    for (const [from, to] of ranges(size, INSERT_CHUNK)) {
      if (!first) await nextTurn();
      first = false;
      await insert(from, to);
    }
  }

  private async insertLampRows(c: LampColumns, from: number, to: number): Promise<void> {
    const num = (column: (number | null)[]) => numberArray(column.slice(from, to));
    await this.db.query(
      `insert into dev_lamp_reading (${lampColumnNames.join(', ')})
       select ${epochMsToTimestamptz('v.ts')}, v.device_id, v.project_id, v.light_on, v.level, v.target, v.voltage,
         v.current, v.power, v.power_factor, v.energy, v.hours, v.switch_ons
         from unnest($1::int8[], $2::text[], $3::text[], $4::boolean[], $5::real[], $6::real[],
         $7::real[], $8::real[], $9::real[], $10::real[], $11::float8[], $12::real[], $13::int[])
           as v(${lampColumnNames.join(', ')})`,
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

  private async insertSensorRows(c: SensorColumns, from: number, to: number): Promise<void> {
    const num = (column: (number | null)[]) => numberArray(column.slice(from, to));
    await this.db.query(
      `insert into dev_sensor_reading (${sensorColumnNames.join(', ')})
       select ${epochMsToTimestamptz('v.ts')}, v.device_id, v.project_id, v.temperature, v.humidity, v.pm25, v.pm10,
         v.noise, v.illuminance, v.wind_speed, v.wind_direction, v.pressure
         from unnest($1::int8[], $2::text[], $3::text[], $4::real[], $5::real[], $6::real[],
         $7::real[], $8::real[], $9::real[], $10::real[], $11::real[], $12::real[])
           as v(${sensorColumnNames.join(', ')})`,
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
    for (const t of [lampRollup, sensorRollup])
      await this.db.query(hourlyFromReadingsSql(t), [hourFrom, toIsoStr]);
    // Days: recomputed from the hours of the days touched, a day being local to the project.
    await this.rollupDays(new Date(new Date(hourFrom).getTime() - DAY_MS).toISOString(), toIsoStr);
  }

  /** Recomputes the daily rollups of the device-days touched by hourly rollups in [from, to). */
  async rollupDays(dayFrom: string, toIsoStr: string): Promise<void> {
    for (const t of [lampRollup, sensorRollup])
      await this.db.query(dailyFromHoursSql(t), [dayFrom, toIsoStr]);
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
    await this.addHourly(lampRollup, [...b.lamps.values()]);
    await this.addHourly(sensorRollup, [...b.sensors.values()]);
    await this.rollupDays(new Date(span.from).toISOString(), new Date(span.to).toISOString());
  }

  private async addHourly<K extends string>(t: RollupTable<K>, buckets: Bucket<K>[]): Promise<void> {
    const sql = addHourlySql(t);
    for (const [from, to] of ranges(buckets.length, ROLLUP_CHUNK)) {
      const rows = buckets.slice(from, to);
      await this.db.query(sql, [
        numberArray(rows.map((x) => x.hour)),
        textArray(rows.map((x) => x.deviceId)),
        textArray(rows.map((x) => x.projectId)),
        numberArray(rows.map((x) => x.samples)),
        ...t.columns.map((c) => numberArray(rows.map((x) => bucketValue(x, c)))),
      ]);
    }
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
