import type { LampColumns, SensorColumns } from './reading-columns';
import { minuteOf, readingOrder } from './reading-order';

/**
 * Readings in PostgreSQL's binary COPY format (`COPY … FROM STDIN WITH (FORMAT binary)`): numbers
 * travel as IEEE bytes, so neither the server formats 100,000 rows of numbers as text nor the
 * database parses them back. Rows are written into buffers of about `CHUNK_BYTES`.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** 2000-01-01T00:00:00Z, PostgreSQL's epoch for timestamps, in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;
const INT4_MAX = 2_147_483_647;
const CHUNK_BYTES = 512 * 1024;

/** Field types of the reading columns after ts and device_id. */
type Field = 'bool' | 'float4' | 'float8' | 'int4';

class Writer {
  buf = Buffer.allocUnsafe(CHUNK_BYTES + 4096);
  off = 0;

  /** Makes room for `n` more bytes. */
  room(n: number): void {
    if (this.off + n <= this.buf.length) return;
    const wider = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.off + n));
    this.buf.copy(wider, 0, 0, this.off);
    this.buf = wider;
  }

  /** The bytes written so far, and a fresh buffer for the next chunk. */
  take(): Buffer {
    const out = this.buf.subarray(0, this.off);
    this.buf = Buffer.allocUnsafe(CHUNK_BYTES + 4096);
    this.off = 0;
    return out;
  }

  header(): void {
    this.room(19);
    SIGNATURE.copy(this.buf, this.off);
    this.buf.writeInt32BE(0, this.off + 11); // flags
    this.buf.writeInt32BE(0, this.off + 15); // header extension length
    this.off += 19;
  }

  trailer(): void {
    this.room(2);
    this.off = this.buf.writeInt16BE(-1, this.off);
  }

  fields(n: number): void {
    this.off = this.buf.writeInt16BE(n, this.off);
  }

  null(): void {
    this.off = this.buf.writeInt32BE(-1, this.off);
  }

  /** timestamptz: microseconds since 2000-01-01 as a signed 64-bit integer. */
  timestamp(ms: number): void {
    const us = (ms - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(us / TWO_32);
    this.off = this.buf.writeInt32BE(8, this.off);
    this.off = this.buf.writeInt32BE(hi, this.off);
    this.off = this.buf.writeUInt32BE(us - hi * TWO_32, this.off);
  }

  int4(v: number): void {
    this.off = this.buf.writeInt32BE(4, this.off);
    this.off = this.buf.writeInt32BE(v, this.off);
  }

  text(s: string): void {
    const at = this.off;
    const n = this.buf.write(s, at + 4, 'utf8');
    this.buf.writeInt32BE(n, at);
    this.off = at + 4 + n;
  }

  /** A value of the given type; NaN is null (and so is an integer past int4). */
  value(type: Field, v: number): void {
    if (Number.isNaN(v)) {
      this.null();
      return;
    }
    switch (type) {
      case 'bool':
        this.off = this.buf.writeInt32BE(1, this.off);
        this.off = this.buf.writeUInt8(v ? 1 : 0, this.off);
        return;
      case 'float4':
        this.off = this.buf.writeInt32BE(4, this.off);
        this.off = this.buf.writeFloatBE(v, this.off);
        return;
      case 'float8':
        this.off = this.buf.writeInt32BE(8, this.off);
        this.off = this.buf.writeDoubleBE(v, this.off);
        return;
      case 'int4':
        if (!Number.isInteger(v) || v > INT4_MAX || v < -INT4_MAX - 1) this.null();
        else this.int4(v);
        return;
    }
  }
}

type Columns = LampColumns | SensorColumns;

/**
 * Rows [start, end) as binary COPY data in chunks, the header in the first, the trailer in the
 * last; in the order of their minute and device, which the index on both inserts fastest
 * (reading-order.ts).
 */
function* copyBinary<C extends Columns>(
  c: C,
  fields: ReadonlyArray<readonly [Field, (c: C) => Float64Array]>,
  start: number,
  end: number,
): Generator<Buffer> {
  const w = new Writer();
  w.header();
  // Each column is copied into the index's order first, one column at a time: read row by row in
  // that order, the dozen columns of a 50,000-row batch (400 KB each) miss the CPU's caches on
  // nearly every value, which cost the server more than the sort saved the database.
  const order = readingOrder(c.deviceId, c.ts, start, end);
  const ts = gather(c.ts, order);
  const ids = Array.from(order, (i) => c.deviceId[i]!);
  const columns = fields.map(([type, of]) => [type, gather(of(c), order)] as const);
  const count = 3 + columns.length;
  for (let k = 0; k < order.length; k++) {
    // 2 + ts (12) + the device id (4 + bytes) + its minute (8) + the rest (at most 12 each)
    w.room(26 + 3 * ids[k]!.length + columns.length * 12);
    w.fields(count);
    w.timestamp(ts[k]!);
    w.text(ids[k]!);
    w.int4(minuteOf(ts[k]!));
    for (const [type, column] of columns) w.value(type, column[k]!);
    if (w.off >= CHUNK_BYTES && k < order.length - 1) yield w.take();
  }
  w.trailer();
  yield w.take();
}

/** `column` in the order of `order` (indexes into it). */
function gather(column: Float64Array, order: Uint32Array): Float64Array {
  const out = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) out[k] = column[order[k]!]!;
  return out;
}

const lampFields: ReadonlyArray<readonly [Field, (c: LampColumns) => Float64Array]> = [
  ['bool', (c) => c.on],
  ['float4', (c) => c.level],
  ['float4', (c) => c.target],
  ['float4', (c) => c.voltage],
  ['float4', (c) => c.current],
  ['float4', (c) => c.power],
  ['float4', (c) => c.powerFactor],
  ['float8', (c) => c.energy],
  ['float4', (c) => c.hours],
  ['int4', (c) => c.switchOns],
];

const sensorFields: ReadonlyArray<readonly [Field, (c: SensorColumns) => Float64Array]> = [
  ['float4', (c) => c.temperature],
  ['float4', (c) => c.humidity],
  ['float4', (c) => c.pm25],
  ['float4', (c) => c.pm10],
  ['float4', (c) => c.noise],
  ['float4', (c) => c.illuminance],
  ['float4', (c) => c.windSpeed],
  ['float4', (c) => c.windDirection],
  ['float4', (c) => c.pressure],
];

/** Lamp readings [start, end) for `COPY dev_lamp_reading (lampColumnNames) … (FORMAT binary)`. */
export const lampCopyBinary = (c: LampColumns, start = 0, end = c.size) =>
  copyBinary(c, lampFields, start, end);

/** Sensor readings [start, end) for `COPY dev_sensor_reading (sensorColumnNames) … (FORMAT binary)`. */
export const sensorCopyBinary = (c: SensorColumns, start = 0, end = c.size) =>
  copyBinary(c, sensorFields, start, end);
