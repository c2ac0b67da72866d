import { fastLamp, fastSensor } from '@ics/server/tools';
import { type Benchmark, formatNumber } from '../lib/benchmark';

const READINGS = 100_000;
const ROUNDS = 20;

/** A lamp reading as the simulator sends it, parsed from JSON as the server gets it. */
const lampReading = (i: number) =>
  JSON.parse(
    JSON.stringify({
      dev: `L${String(i % 100).padStart(3, '0')}`,
      on: true,
      level: 20 + (i % 80),
      target: 20 + (i % 80),
      voltage: 217 + (i % 61) / 10,
      current: 0.31,
      power: 65,
      powerFactor: 0.95,
      energy: 1000 + i / 1e4,
      hours: 500.2,
      switchOns: 100 + (i % 5),
    }),
  ) as Record<string, unknown>;

const sensorReading = (i: number) =>
  JSON.parse(
    JSON.stringify({
      dev: `S${i % 10}`,
      temperature: 21.5,
      humidity: 48,
      pm25: 12 + (i % 30),
      pm10: 30,
      noise: 52.3,
      windSpeed: 3.2,
    }),
  ) as Record<string, unknown>;

/** Nanoseconds per reading of `check` over `readings`, the best of `ROUNDS` passes (after one to warm up). */
function timePerReading(readings: Record<string, unknown>[], check: (r: Record<string, unknown>) => unknown) {
  let best = Number.POSITIVE_INFINITY;
  let accepted = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    accepted = 0;
    const started = performance.now();
    for (const r of readings) if (check(r)) accepted++;
    const ns = ((performance.now() - started) * 1e6) / readings.length;
    if (round > 0) best = Math.min(best, ns);
  }
  if (accepted !== readings.length)
    throw new Error(`the fast check refused ${readings.length - accepted} valid readings`);
  return best;
}

/**
 * The fast telemetry checks ingestion runs on every reading before it falls back to zod
 * (`fast-check.ts`), in this process: CPU per reading, the best pass of twenty over 100,000
 * readings (the best, because other processes on the machine only ever add time).
 */
export const ingestChecksBenchmark: Benchmark = {
  name: 'ingest checks',
  async run() {
    const lamps = Array.from({ length: READINGS }, (_, i) => lampReading(i));
    const sensors = Array.from({ length: READINGS }, (_, i) => sensorReading(i));
    const lamp = timePerReading(lamps, fastLamp);
    const sensor = timePerReading(sensors, fastSensor);
    return [
      {
        name: 'lamp reading fast check',
        value: lamp,
        unit: 'ns/reading',
        detail: `best of ${ROUNDS} passes over ${formatNumber(READINGS)} parsed readings of 11 keys; at 100,000 readings/s that is ${formatNumber((lamp * 1e5) / 1e7)} % of a core`,
      },
      {
        name: 'sensor reading fast check',
        value: sensor,
        unit: 'ns/reading',
        detail: `best of ${ROUNDS} passes over ${formatNumber(READINGS)} parsed readings of 7 keys`,
      },
    ];
  },
};
