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

/**
 * The reading itself when `lampReadingSchema` accepts it unchanged, or null when zod must
 * decide. The reading may only hold the schema's keys for this fast path, so no copy is needed:
 * what zod would answer (unknown keys dropped) is the same object.
 */
export function fastLamp(r: Record<string, unknown>): LampReading | null {
  let dev = false;
  for (const key in r) {
    const v = r[key];
    switch (key) {
      case 'dev':
        if (!isAddress(v)) return null;
        dev = true;
        break;
      case 'ts':
        if (!isEpochMs(v)) return null;
        break;
      case 'on':
        if (typeof v !== 'boolean') return null;
        break;
      case 'level':
      case 'target':
        if (!inRange(v, 0, 100)) return null;
        break;
      case 'ramp':
        if (!inRange(v, 0, 3600)) return null;
        break;
      case 'voltage':
      case 'current':
      case 'power':
      case 'energy':
      case 'hours':
        if (!isNum(v)) return null;
        break;
      case 'powerFactor':
        if (!inRange(v, -1, 1)) return null;
        break;
      case 'switchOns':
        if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) return null;
        break;
      case 'faults': {
        if (!Array.isArray(v) || v.length > lampFaultCodes.length) return null;
        for (const f of v) if (typeof f !== 'string' || !FAULTS.has(f)) return null;
        break;
      }
      default:
        return null;
    }
  }
  return dev ? (r as LampReading) : null;
}

/** The reading itself when `sensorReadingSchema` accepts it unchanged, or null when zod must decide. */
export function fastSensor(r: Record<string, unknown>): SensorReading | null {
  let dev = false;
  for (const key in r) {
    const v = r[key];
    switch (key) {
      case 'dev':
        if (!isAddress(v)) return null;
        dev = true;
        break;
      case 'ts':
        if (!isEpochMs(v)) return null;
        break;
      case 'temperature':
        if (!isNum(v)) return null;
        break;
      case 'humidity':
        if (!inRange(v, 0, 100)) return null;
        break;
      case 'windDirection':
        if (!inRange(v, 0, 360)) return null;
        break;
      case 'pm25':
      case 'pm10':
      case 'noise':
      case 'illuminance':
      case 'windSpeed':
      case 'pressure':
        if (!isNum(v) || v < 0) return null;
        break;
      default:
        return null;
    }
  }
  return dev ? (r as SensorReading) : null;
}
