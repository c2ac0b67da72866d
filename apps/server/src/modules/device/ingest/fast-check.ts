import { type LampReading, lampFaultCodes, type SensorReading } from '@ics/contract/server';

/**
 * Hand-written checks for the hot telemetry messages, equivalent to (and never more lenient
 * than) the contract's zod schemas `telemetrySchema`, `lampReadingSchema` and
 * `sensorReadingSchema`, at a fraction of their cost: at 100,000 readings/s zod was a quarter
 * of the server's CPU. A value these checks refuse goes through zod, which decides and gives
 * the error message; so a difference between the two can only cost time, never accept a
 * reading zod refuses. `fast-check.test.ts` compares them.
 */

const ADDRESS = /^[A-Za-z0-9_.:-]+$/;
const MAX_EPOCH_MS = 8_640_000_000_000_000;
const FAULTS = new Set<string>(lampFaultCodes);

const isEpochMs = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_EPOCH_MS;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const inRange = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && v >= min && v <= max;
const isAddress = (v: unknown): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= 64 && ADDRESS.test(v);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `telemetrySchema`: `{ ts, readings: object[1..5000] }`; null when zod must decide. */
export function fastTelemetry(body: unknown): { ts: number; readings: Record<string, unknown>[] } | null {
  if (!isRecord(body)) return null;
  const { ts, readings } = body;
  if (!isEpochMs(ts) || !Array.isArray(readings) || readings.length < 1 || readings.length > 5000)
    return null;
  for (const r of readings) if (!isRecord(r)) return null;
  return { ts, readings: readings as Record<string, unknown>[] };
}

type Check = (v: unknown) => boolean;

const isLevel = (v: unknown) => inRange(v, 0, 100);
const isNonNegative = (v: unknown) => isNum(v) && v >= 0;

/**
 * The checks of a reading's keys besides `dev` (which must be there). A Map, not an object, so
 * that a key such as `toString` finds no check.
 */
const lampChecks = new Map<string, Check>([
  ['ts', isEpochMs],
  ['on', (v) => typeof v === 'boolean'],
  ['level', isLevel],
  ['target', isLevel],
  ['ramp', (v) => inRange(v, 0, 3600)],
  ...(['voltage', 'current', 'power', 'energy', 'hours'] as const).map((k) => [k, isNum] as const),
  ['powerFactor', (v) => inRange(v, -1, 1)],
  ['switchOns', (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0],
  [
    'faults',
    (v) =>
      Array.isArray(v) &&
      v.length <= lampFaultCodes.length &&
      v.every((f) => typeof f === 'string' && FAULTS.has(f)),
  ],
]);

const sensorChecks = new Map<string, Check>([
  ['ts', isEpochMs],
  ['temperature', isNum],
  ['humidity', isLevel],
  ['windDirection', (v) => inRange(v, 0, 360)],
  ...(['pm25', 'pm10', 'noise', 'illuminance', 'windSpeed', 'pressure'] as const).map(
    (k) => [k, isNonNegative] as const,
  ),
]);

/** Whether the reading has a valid `dev` and only keys that `checks` knows and accepts. */
function passes(r: Record<string, unknown>, checks: Map<string, Check>): boolean {
  if (!isAddress(r.dev)) return false;
  for (const key in r) {
    if (key === 'dev') continue;
    const check = checks.get(key);
    if (check === undefined || !check(r[key])) return false;
  }
  return true;
}

/**
 * The reading itself when `lampReadingSchema` accepts it unchanged, or null when zod must
 * decide. The reading may only hold the schema's keys for this fast path, so no copy is needed:
 * what zod would answer (unknown keys dropped) is the same object.
 */
export function fastLamp(r: Record<string, unknown>): LampReading | null {
  return passes(r, lampChecks) ? (r as LampReading) : null;
}

/** The reading itself when `sensorReadingSchema` accepts it unchanged, or null when zod must decide. */
export function fastSensor(r: Record<string, unknown>): SensorReading | null {
  return passes(r, sensorChecks) ? (r as SensorReading) : null;
}
