import { type LampReading, lampFaultCodes, type SensorReading } from '@ics/contract';

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
 * A lamp reading as `lampReadingSchema` parses it (unknown keys dropped), or null when zod
 * must decide. The reading may only hold the schema's keys for this fast path.
 */
export function fastLamp(r: Record<string, unknown>): LampReading | null {
  const out: LampReading = { dev: '' };
  for (const key in r) {
    const v = r[key];
    switch (key) {
      case 'dev':
        if (!isAddress(v)) return null;
        out.dev = v;
        break;
      case 'ts':
        if (!isEpochMs(v)) return null;
        out.ts = v;
        break;
      case 'on':
        if (typeof v !== 'boolean') return null;
        out.on = v;
        break;
      case 'level':
      case 'target':
        if (!inRange(v, 0, 100)) return null;
        out[key] = v;
        break;
      case 'ramp':
        if (!inRange(v, 0, 3600)) return null;
        out.ramp = v;
        break;
      case 'voltage':
      case 'current':
      case 'power':
      case 'energy':
      case 'hours':
        if (!isNum(v)) return null;
        out[key] = v;
        break;
      case 'powerFactor':
        if (!inRange(v, -1, 1)) return null;
        out.powerFactor = v;
        break;
      case 'switchOns':
        if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) return null;
        out.switchOns = v;
        break;
      case 'faults': {
        if (!Array.isArray(v) || v.length > lampFaultCodes.length) return null;
        for (const f of v) if (typeof f !== 'string' || !FAULTS.has(f)) return null;
        out.faults = v as LampReading['faults'];
        break;
      }
      default:
        return null;
    }
  }
  return out.dev ? out : null;
}

/** A sensor reading as `sensorReadingSchema` parses it, or null when zod must decide. */
export function fastSensor(r: Record<string, unknown>): SensorReading | null {
  const out: SensorReading = { dev: '' };
  for (const key in r) {
    const v = r[key];
    switch (key) {
      case 'dev':
        if (!isAddress(v)) return null;
        out.dev = v;
        break;
      case 'ts':
        if (!isEpochMs(v)) return null;
        out.ts = v;
        break;
      case 'temperature':
        if (!isNum(v)) return null;
        out.temperature = v;
        break;
      case 'humidity':
        if (!inRange(v, 0, 100)) return null;
        out.humidity = v;
        break;
      case 'windDirection':
        if (!inRange(v, 0, 360)) return null;
        out.windDirection = v;
        break;
      case 'pm25':
      case 'pm10':
      case 'noise':
      case 'illuminance':
      case 'windSpeed':
      case 'pressure':
        if (!isNum(v) || v < 0) return null;
        out[key] = v;
        break;
      default:
        return null;
    }
  }
  return out.dev ? out : null;
}
