import type { Database } from '../../../db/database';
import { BulkTurns } from '../ingest/bulk-turns';
import { lampCopyBinary, sensorCopyBinary } from './copy-binary';
import {
  type LampColumns,
  lampColumnNames,
  numberArray,
  ranges,
  type SensorColumns,
  sensorColumnNames,
  textArray,
} from './reading-columns';
import type { BucketMap, RollupBuckets, RollupProgress } from './rollup-buckets';
import {
  addSumsSql,
  dailyFromHoursSql,
  hourlyFromReadingsSql,
  lampRollup,
  type RollupTable,
  sensorRollup,
} from './rollup-sql';

const DAY_MS = 86_400_000;
/**
 * PostgreSQL: rows per COPY statement. A backlog is committed in steps of this many rows (each
 * visible and durable on its own) instead of in one transaction at the very end.
 */
const COPY_ROWS = 50_000;
/**
 * PGlite: rows per COPY. PGlite runs one statement at a time (in its own thread), so an API
 * query or a command write issued meanwhile waits for the statement in progress: 1,000 rows
 * (~10–15 ms) keeps that wait short, and the per-statement cost still small.
 */
const PGLITE_COPY_ROWS = 1_000;
/** Rollup rows per upsert statement. */
const ROLLUP_CHUNK = 5_000;
const tables = ['dev_lamp_reading', 'dev_sensor_reading'] as const;
type ReadingTable = (typeof tables)[number];

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
const partitionName = (table: ReadingTable, day: number) =>
  `${table}_p${new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;

/**
 * Telemetry history: daily partitions created on demand; batched writes with COPY (PostgreSQL:
 * on the database's bulk connection, so that API queries and command writes never wait behind
 * them; PGlite: 1,000 rows a statement, so that they wait for little); hourly and daily rollups;
 * retention by dropping whole partitions.
 */
export class TelemetryStore {
  private readonly partitions = new Set<string>();

  /** COPY data is built within the bulk budget of the event loop's turns (see bulk-turns.ts). */
  private readonly pace = () => this.turns.room();

  constructor(
    private readonly db: Database,
    private readonly turns = new BulkTurns(),
  ) {}

  /** Readings must fall within [now - retention, now + 1 day]; the rest is dropped by ingestion. */
  async ensurePartitions(
    table: ReadingTable,
    timestamps: ArrayLike<number>,
    count = timestamps.length,
  ): Promise<void> {
    const days = new Set<number>();
    for (let i = 0; i < count; i++) days.add(dayOf(timestamps[i]!));
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
   * Stores lamp readings with COPY, `COPY_ROWS` (PostgreSQL) or `PGLITE_COPY_ROWS` per statement,
   * one after another: a failed statement stores none of its rows.
   */
  async insertLamps(c: LampColumns): Promise<void> {
    if (c.size === 0) return;
    await this.ensurePartitions('dev_lamp_reading', c.ts, c.size);
    for (const [from, to] of ranges(c.size, this.rowsPerCopy))
      await this.db.copyIn('dev_lamp_reading', lampColumnNames, lampCopyBinary(c, from, to), this.pace);
  }

  async insertSensors(c: SensorColumns): Promise<void> {
    if (c.size === 0) return;
    await this.ensurePartitions('dev_sensor_reading', c.ts, c.size);
    for (const [from, to] of ranges(c.size, this.rowsPerCopy))
      await this.db.copyIn('dev_sensor_reading', sensorColumnNames, sensorCopyBinary(c, from, to), this.pace);
  }

  private get rowsPerCopy(): number {
    return this.db.kind === 'postgres' ? COPY_ROWS : PGLITE_COPY_ROWS;
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
   * Adds the sums of readings stored since the last run into the hourly rollups and into the
   * daily rollups of the days those hours fall in (one statement per chunk: samples add up,
   * averages are merged weighted by samples, min/max combined). Not idempotent: each set of sums
   * must be added once. `done` counts the slots of each map whose sums are in: when a statement
   * fails, the slots before it are in and only the rest may be added again.
   */
  async addRollups(b: RollupBuckets, done: RollupProgress = { lamps: 0, sensors: 0 }): Promise<void> {
    await this.addSums(lampRollup, b.lamps, (n) => {
      done.lamps = n;
    });
    await this.addSums(sensorRollup, b.sensors, (n) => {
      done.sensors = n;
    });
  }

  private async addSums<K extends string>(
    t: RollupTable<K>,
    buckets: BucketMap<K>,
    added: (slots: number) => void,
  ): Promise<void> {
    const sql = addSumsSql(t);
    for (const [from, to] of ranges(buckets.size, ROLLUP_CHUNK)) {
      const rows = buckets.slice(from, to);
      await this.db.query(sql, [
        numberArray(rows.map((x) => x.hour)),
        textArray(rows.map((x) => x.deviceId)),
        textArray(rows.map((x) => x.projectId)),
        numberArray(rows.map((x) => x.samples)),
        ...t.columns.map((c) => numberArray(rows.map((x) => x.value(c)))),
      ]);
      added(to);
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
