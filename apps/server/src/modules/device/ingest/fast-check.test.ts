import { lampReadingSchema, sensorReadingSchema, telemetrySchema } from '@ics/contract/server';
import { describe, expect, it } from 'vitest';
import { fastLamp, fastSensor, fastTelemetry } from './fast-check';

// The fast checks may refuse what zod accepts (zod then decides), never the other way round,
// and what they accept must be exactly zod's output.
const odd = [
  null,
  undefined,
  true,
  'x',
  '',
  -1,
  0,
  0.5,
  1,
  50,
  100,
  101,
  360,
  361,
  3600,
  3601,
  -0.5,
  1.5,
  2 ** 53,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  [],
  ['lampFailure'],
  ['nope'],
  {},
];

function agree(
  fast: (r: Record<string, unknown>) => object | null,
  schema: typeof lampReadingSchema | typeof sensorReadingSchema,
  value: Record<string, unknown>,
) {
  const mine = fast(value);
  const theirs = schema.safeParse(value);
  if (mine !== null) {
    expect(theirs.success, JSON.stringify(value)).toBe(true);
    expect(mine).toEqual(theirs.data);
  }
}

describe('fast telemetry checks', () => {
  it('accept what zod accepts for simulator-like readings', () => {
    const lamp = {
      dev: 'L001',
      on: true,
      level: 80,
      target: 80,
      ramp: 0,
      voltage: 221.5,
      current: 0.52,
      power: 110.2,
      powerFactor: 0.96,
      energy: 1234.56,
      hours: 8123.4,
      switchOns: 2011,
      faults: [],
    };
    expect(fastLamp({ ...lamp })).toEqual(lampReadingSchema.parse(lamp));
    const sensor = {
      dev: 'S001',
      temperature: -3.5,
      humidity: 61,
      pm25: 35,
      windDirection: 220,
      pressure: 1012,
    };
    expect(fastSensor({ ...sensor })).toEqual(sensorReadingSchema.parse(sensor));
    const message = { ts: Date.now(), readings: [lamp] };
    expect(fastTelemetry(message)).toEqual(telemetrySchema.parse(message));
  });

  it('never accept what zod refuses', () => {
    const lampKeys = Object.keys(lampReadingSchema.shape);
    const sensorKeys = Object.keys(sensorReadingSchema.shape);
    for (const key of [...lampKeys, 'unknown'])
      for (const v of odd) agree(fastLamp, lampReadingSchema, { dev: 'L1', [key]: v });
    for (const key of [...sensorKeys, 'unknown'])
      for (const v of odd) agree(fastSensor, sensorReadingSchema, { dev: 'S1', [key]: v });
    for (const dev of ['', 'a b', 'x'.repeat(65), 'ok:1.2_3-4', 7])
      agree(fastLamp, lampReadingSchema, { dev });
    for (const ts of odd)
      for (const readings of [[], [{}], [null], [[]], Array.from({ length: 5001 }, () => ({}))]) {
        const body = { ts, readings };
        if (fastTelemetry(body)) expect(telemetrySchema.safeParse(body).success).toBe(true);
      }
    expect(fastTelemetry([])).toBeNull();
    expect(fastTelemetry(null)).toBeNull();
  });
});
