import type { LampReading, SensorReading } from '@ics/contract/server';

/**
 * Buffered readings of one table, column by column. Numbers (and booleans, as 1/0) sit in typed
 * arrays with NaN for null: at 100,000 readings/s, generic arrays of boxed numbers were a large
 * part of the garbage collector's work, these hold plain doubles and are reused between flushes.
 */
abstract class Columns {
  size = 0;
  ts: Float64Array;
  readonly deviceId: string[] = [];
  readonly projectId: string[] = [];
  /** Ingestion's number of the device (`LiveDevice.index`), -1 when unknown: see `BucketMap.slot`. */
  deviceIndex: Int32Array;

  constructor(protected capacity = 16_384) {
    this.ts = new Float64Array(capacity);
    this.deviceIndex = new Int32Array(capacity);
  }

  /** Empties the buffer, keeping its capacity. */
  reset(): void {
    this.size = 0;
  }

  /** The index of a new row, growing every column when full. */
  protected next(ts: number, deviceId: string, projectId: string, deviceIndex: number): number {
    const i = this.size;
    if (i === this.capacity) this.grow(this.capacity * 2);
    this.ts[i] = ts;
    this.deviceIndex[i] = deviceIndex;
    this.deviceId[i] = deviceId;
    this.projectId[i] = projectId;
    this.size = i + 1;
    return i;
  }

  private grow(capacity: number): void {
    for (const key of Object.keys(this) as Array<keyof this>) {
      const column = this[key];
      if (column instanceof Float64Array || column instanceof Int32Array) {
        const wider = column instanceof Float64Array ? new Float64Array(capacity) : new Int32Array(capacity);
        wider.set(column);
        (this as Record<keyof this, unknown>)[key] = wider;
      }
    }
    this.capacity = capacity;
  }
}

const num = (v: number | undefined): number => (v === undefined ? Number.NaN : v);

/** Lamp readings (`dev_lamp_reading`). */
export class LampColumns extends Columns {
  on = new Float64Array(this.capacity);
  level = new Float64Array(this.capacity);
  target = new Float64Array(this.capacity);
  voltage = new Float64Array(this.capacity);
  current = new Float64Array(this.capacity);
  power = new Float64Array(this.capacity);
  powerFactor = new Float64Array(this.capacity);
  energy = new Float64Array(this.capacity);
  hours = new Float64Array(this.capacity);
  switchOns = new Float64Array(this.capacity);

  add(ts: number, deviceId: string, projectId: string, r: LampReading, deviceIndex = -1): void {
    const i = this.next(ts, deviceId, projectId, deviceIndex);
    this.on[i] = r.on === undefined ? Number.NaN : r.on ? 1 : 0;
    this.level[i] = num(r.level);
    this.target[i] = num(r.target);
    this.voltage[i] = num(r.voltage);
    this.current[i] = num(r.current);
    this.power[i] = num(r.power);
    this.powerFactor[i] = num(r.powerFactor);
    this.energy[i] = num(r.energy);
    this.hours[i] = num(r.hours);
    this.switchOns[i] = num(r.switchOns);
  }
}

/** Sensor readings (`dev_sensor_reading`). */
export class SensorColumns extends Columns {
  temperature = new Float64Array(this.capacity);
  humidity = new Float64Array(this.capacity);
  pm25 = new Float64Array(this.capacity);
  pm10 = new Float64Array(this.capacity);
  noise = new Float64Array(this.capacity);
  illuminance = new Float64Array(this.capacity);
  windSpeed = new Float64Array(this.capacity);
  windDirection = new Float64Array(this.capacity);
  pressure = new Float64Array(this.capacity);

  add(ts: number, deviceId: string, projectId: string, r: SensorReading, deviceIndex = -1): void {
    const i = this.next(ts, deviceId, projectId, deviceIndex);
    this.temperature[i] = num(r.temperature);
    this.humidity[i] = num(r.humidity);
    this.pm25[i] = num(r.pm25);
    this.pm10[i] = num(r.pm10);
    this.noise[i] = num(r.noise);
    this.illuminance[i] = num(r.illuminance);
    this.windSpeed[i] = num(r.windSpeed);
    this.windDirection[i] = num(r.windDirection);
    this.pressure[i] = num(r.pressure);
  }
}

/** The reading tables' columns, in the order of the binary COPY (`copy-binary.ts`). */
export const lampColumnNames = [
  'ts',
  'device_id',
  'ts_minute',
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

export const sensorColumnNames = [
  'ts',
  'device_id',
  'ts_minute',
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

/** Indexes [from, to) of `size` items in steps of `step`. */
export function* ranges(size: number, step: number): Generator<[number, number]> {
  for (let from = 0; from < size; from += step) yield [from, Math.min(size, from + step)];
}

/**
 * Array literals for bound parameters (rollup upserts), built in one pass: the driver's generic
 * array serialisation runs a regular expression per element. NaN and null are NULL.
 */
export function numberArray(values: ArrayLike<number | null>, from = 0, to = values.length): string {
  let out = '{';
  for (let i = from; i < to; i++) {
    const v = values[i];
    if (i > from) out += ',';
    out += v === null || v === undefined || Number.isNaN(v) ? 'NULL' : v;
  }
  return `${out}}`;
}

/** Text elements double-quoted, with `"` and `\` escaped (ids, so these are rare). */
export function textArray(values: readonly (string | null)[], from = 0, to = values.length): string {
  let out = '{';
  for (let i = from; i < to; i++) {
    const v = values[i];
    if (i > from) out += ',';
    out += v === null || v === undefined ? 'NULL' : `"${/["\\]/.test(v) ? v.replace(/["\\]/g, '\\$&') : v}"`;
  }
  return `${out}}`;
}

/** SQL for an epoch-milliseconds bigint as timestamptz (exact: 1 ms = 1000 µs). */
export const epochMsToTimestamptz = (expr: string) =>
  `(timestamptz 'epoch' + ${expr} * interval '1 millisecond')`;
