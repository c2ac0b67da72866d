import type { LampColumns, SensorColumns } from './reading-columns';
import { type LampKey, lampKeys, type RollupTable, type SensorKey, sensorKeys } from './rollup-sql';

const HOUR_MS = 3_600_000;
type Agg = 'avg' | 'min' | 'max' | 'delta';

/** One device-hour's sums, read back for the upsert (and tests). */
export type Bucket<K extends string> = {
  deviceId: string;
  projectId: string;
  hour: number;
  samples: number;
  /** Average, minimum, maximum or growth (max − min) of a column; null without values. */
  stat(key: K, agg: Agg): number | null;
  /** The value of one rollup column. */
  value(c: RollupTable<K>['columns'][number]): number | null;
};

/**
 * Device-hour sums in one typed array: per bucket the sample count, then per aggregated column
 * its sum, count of non-null values, minimum and maximum. 100,000 devices start a new set of
 * buckets every rollup run; one object (and one small typed array) per bucket made that first
 * flush a long pause of the event loop, slots in one array do not.
 */
export class BucketMap<K extends string> {
  private readonly width: number;
  private arena = new Float64Array(0);
  private readonly hours: number[] = [];
  private readonly deviceIds: string[] = [];
  private readonly projectIds: string[] = [];
  /** Each device's slot of its latest hour, and the slots of its other hours (late readings). */
  private readonly latest = new Map<string, number>();
  private readonly others = new Map<string, number>();
  /**
   * In front of `latest`, by ingestion's number of the device: slot + 1 (0: none). Nearly
   * every reading falls in its device's latest hour, and an array read costs a fraction of a
   * hash look-up of the id (which was a tenth of the ingestion's CPU at 100,000 readings/s).
   */
  private latestByIndex = new Int32Array(0);

  constructor(private readonly keys: readonly K[]) {
    this.width = 1 + keys.length * 4;
  }

  get size(): number {
    return this.hours.length;
  }

  /**
   * The slot of a device-hour, created when missing. `index` (the device's `LiveDevice.index`,
   * or -1) only speeds the look-up up: a slot is found by its device and hour either way.
   */
  slot(deviceId: string, projectId: string, hour: number, index = -1): number {
    if (index >= 0 && index < this.latestByIndex.length) {
      const cached = this.latestByIndex[index]! - 1;
      if (cached >= 0 && this.hours[cached] === hour) return cached;
    }
    const s = this.latest.get(deviceId);
    let found: number;
    if (s !== undefined && this.hours[s] === hour) found = s;
    else {
      const key = `${deviceId}|${hour}`;
      const other = this.others.get(key);
      if (other !== undefined) return other;
      found = this.create(deviceId, projectId, hour);
      if (s === undefined || hour > this.hours[s]!) {
        if (s !== undefined) this.others.set(`${deviceId}|${this.hours[s]}`, s);
        this.latest.set(deviceId, found);
      } else {
        this.others.set(key, found);
        return found;
      }
    }
    if (index >= 0) this.cacheLatest(index, found);
    return found;
  }

  private cacheLatest(index: number, s: number): void {
    if (index >= this.latestByIndex.length) {
      const wider = new Int32Array(Math.max(1_024, index + 1, this.latestByIndex.length * 2));
      wider.set(this.latestByIndex);
      this.latestByIndex = wider;
    }
    this.latestByIndex[index] = s + 1;
  }

  private create(deviceId: string, projectId: string, hour: number): number {
    const s = this.hours.length;
    const at = s * this.width;
    if (at + this.width > this.arena.length) {
      const wider = new Float64Array(Math.max(this.width * 1_024, this.arena.length * 2));
      wider.set(this.arena);
      this.arena = wider;
    }
    for (let k = 0; k < this.keys.length; k++) {
      this.arena[at + 1 + k * 4 + 2] = Infinity;
      this.arena[at + 1 + k * 4 + 3] = -Infinity;
    }
    this.hours.push(hour);
    this.deviceIds.push(deviceId);
    this.projectIds.push(projectId);
    return s;
  }

  /** Counts a sample in a slot. */
  sample(s: number): void {
    const at = s * this.width;
    this.arena[at] = this.arena[at]! + 1;
  }

  /** Adds a value (NaN: null) to the column `k` of a slot. */
  add(s: number, k: number, v: number): void {
    if (Number.isNaN(v)) return;
    const a = this.arena;
    const at = s * this.width + 1 + k * 4;
    a[at] = a[at]! + v;
    a[at + 1] = a[at + 1]! + 1;
    if (v < a[at + 2]!) a[at + 2] = v;
    if (v > a[at + 3]!) a[at + 3] = v;
  }

  /** Adds a slot of another map into its device-hour here. */
  private mergeSlot(from: BucketMap<K>, s: number): void {
    const to = this.slot(from.deviceIds[s]!, from.projectIds[s]!, from.hours[s]!);
    const [a, b] = [this.arena, from.arena];
    const [at, bt] = [to * this.width, s * this.width];
    a[at] = a[at]! + b[bt]!;
    for (let i = 1; i < this.width; i += 4) {
      a[at + i] = a[at + i]! + b[bt + i]!;
      a[at + i + 1] = a[at + i + 1]! + b[bt + i + 1]!;
      if (b[bt + i + 2]! < a[at + i + 2]!) a[at + i + 2] = b[bt + i + 2]!;
      if (b[bt + i + 3]! > a[at + i + 3]!) a[at + i + 3] = b[bt + i + 3]!;
    }
  }

  /** Adds slots [from, size) into their device-hours in `target`. */
  mergeInto(target: BucketMap<K>, from = 0): void {
    for (let s = from; s < this.size; s++) target.mergeSlot(this, s);
  }

  /** The bucket of one slot. */
  bucket(s: number): Bucket<K> {
    const a = this.arena;
    const base = s * this.width;
    const stat = (key: K, agg: Agg): number | null => {
      const at = base + 1 + this.keys.indexOf(key) * 4;
      const [sum, n, min, max] = [a[at]!, a[at + 1]!, a[at + 2]!, a[at + 3]!];
      if (n === 0) return null;
      return agg === 'avg' ? sum / n : agg === 'min' ? min : agg === 'max' ? max : max - min;
    };
    return {
      deviceId: this.deviceIds[s]!,
      projectId: this.projectIds[s]!,
      hour: this.hours[s]!,
      samples: a[base]!,
      stat,
      value: (c) => stat(c.key, c.agg),
    };
  }

  get(deviceId: string, hour: number): Bucket<K> | undefined {
    const s = this.latest.get(deviceId);
    if (s !== undefined && this.hours[s] === hour) return this.bucket(s);
    const other = this.others.get(`${deviceId}|${hour}`);
    return other === undefined ? undefined : this.bucket(other);
  }

  /** The buckets of slots [from, to). */
  slice(from: number, to: number): Bucket<K>[] {
    const out: Bucket<K>[] = [];
    for (let s = from; s < Math.min(to, this.size); s++) out.push(this.bucket(s));
    return out;
  }
}

/** Buffered readings with a column per aggregated key (`LampColumns`, `SensorColumns`). */
type KeyedColumns<K extends string> = Pick<LampColumns, 'ts' | 'deviceId' | 'projectId' | 'deviceIndex'> &
  Record<K, Float64Array>;

/** Adds readings [from, to) of `c` into their device-hours of `m`, column `k` of `m` from `c[keys[k]]`. */
function addReadings<K extends string>(
  m: BucketMap<K>,
  keys: readonly K[],
  c: KeyedColumns<K>,
  from: number,
  to: number,
): void {
  const columns = keys.map((key) => c[key]);
  for (let i = from; i < to; i++) {
    const hour = Math.floor(c.ts[i]! / HOUR_MS) * HOUR_MS;
    const s = m.slot(c.deviceId[i]!, c.projectId[i]!, hour, c.deviceIndex[i]!);
    m.sample(s);
    for (let k = 0; k < columns.length; k++) m.add(s, k, columns[k]![i]!);
  }
}

/** How many slots of each map a rollup run has written (see `TelemetryStore.addRollups`). */
export type RollupProgress = { lamps: number; sensors: number };

/**
 * Hourly rollup sums (count, sum, min, max per column and device-hour) of the readings stored
 * since the last rollup run, gathered per flush so that the minute job upserts them instead of
 * recomputing the hour from the raw readings.
 */
export class RollupBuckets {
  readonly lamps = new BucketMap<LampKey>(lampKeys);
  readonly sensors = new BucketMap<SensorKey>(sensorKeys);

  get size() {
    return this.lamps.size + this.sensors.size;
  }

  /** Adds lamp readings [from, to) of `c`. */
  addLamps(c: LampColumns, from = 0, to = c.size): void {
    addReadings(this.lamps, lampKeys, c, from, to);
  }

  addSensors(c: SensorColumns): void {
    addReadings(this.sensors, sensorKeys, c, 0, c.size);
  }

  /**
   * Adds these sums into `target`, but for the slots `done` says are already in the rollups
   * (a failed run's unwritten sums go back for the next run).
   */
  mergeInto(target: RollupBuckets, done: RollupProgress = { lamps: 0, sensors: 0 }): void {
    this.lamps.mergeInto(target.lamps, done.lamps);
    this.sensors.mergeInto(target.sensors, done.sensors);
  }
}
