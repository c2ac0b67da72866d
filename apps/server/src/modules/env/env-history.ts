import type { EnvMetric, EnvSeries, HistoryPoint } from '@ics/contract/server';

export type Granularity = 'raw' | 'hour' | 'day';

const DAY_MS = 86_400_000;
/** Raw readings up to this span: at one reading every 10 s, two days are 17,280 points a sensor. */
export const RAW_MAX_MS = 2 * DAY_MS;
/** Hourly averages up to this span (1,440 points); daily ones beyond. */
export const HOURLY_MAX_MS = 60 * DAY_MS;

/** What a range is read from when the caller does not say: the finest grain that stays chartable. */
export function granularityFor(from: Date, to: Date): Granularity {
  const span = to.getTime() - from.getTime();
  if (span <= RAW_MAX_MS) return 'raw';
  if (span <= HOURLY_MAX_MS) return 'hour';
  return 'day';
}

/** Rollup field names of a metric (the device module's history names them `<metric>Avg` …). */
const rollupField = (metric: EnvMetric, stat: 'Avg' | 'Min' | 'Max') => `${metric}${stat}`;

const numberOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * One sensor's series of one metric from its history points, with min/avg/max. Raw points carry
 * the value itself; rollup points carry the period's average (and its extremes where the rollup
 * keeps them, which the summary then prefers), weighted by their sample counts in the average.
 */
export function toSeries(
  sensor: { id: string; name: string | null },
  metric: EnvMetric,
  granularity: Granularity,
  rows: readonly HistoryPoint[],
): EnvSeries {
  const points: [number, number][] = [];
  let min: number | null = null;
  let max: number | null = null;
  let sum = 0;
  let weight = 0;
  for (const row of rows) {
    const value = numberOf(granularity === 'raw' ? row[metric] : row[rollupField(metric, 'Avg')]);
    if (value === null) continue;
    points.push([Date.parse(row.ts), value]);
    const low = granularity === 'raw' ? value : (numberOf(row[rollupField(metric, 'Min')]) ?? value);
    const high = granularity === 'raw' ? value : (numberOf(row[rollupField(metric, 'Max')]) ?? value);
    if (min === null || low < min) min = low;
    if (max === null || high > max) max = high;
    const samples = granularity === 'raw' ? 1 : Math.max(1, numberOf(row.samples) ?? 1);
    sum += value * samples;
    weight += samples;
  }
  const avg = weight === 0 ? null : Math.round((sum / weight) * 100) / 100;
  return { sensorId: sensor.id, sensorName: sensor.name, metric, points, min, avg, max };
}
