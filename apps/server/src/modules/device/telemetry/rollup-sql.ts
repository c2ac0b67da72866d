/**
 * The rollup statements of both reading tables, built from one description per table: hourly
 * rows recomputed from the raw readings, daily rows recomputed from the hourly ones (a day being
 * local to the project's time zone), and both incremented by in-memory sums.
 */

import { projectTimeZoneRelation } from '../../project';
import { epochMsToTimestamptz } from './reading-columns';

/**
 * How a rollup column is aggregated: `avg`, `max` or `min` of a reading column, or `delta`, the
 * growth of a counter within the bucket (max − min; `max` names the rollup column holding the
 * counter's maximum, from which the minimum is recovered as max − delta).
 */
export type RollupColumn<K extends string> = {
  column: string;
  /** The reading column, or an expression over the reading's columns. */
  source: string;
  /** The in-memory aggregate of the same values (`RollupBuckets`). */
  key: K;
} & ({ agg: 'avg' | 'max' | 'min' } | { agg: 'delta'; max: string });

export type RollupTable<K extends string> = {
  rollup: string;
  readings: string;
  columns: ReadonlyArray<RollupColumn<K>>;
};

const names = (t: RollupTable<string>) => t.columns.map((c) => c.column).join(', ');
const header = (t: RollupTable<string>, alias = '') =>
  `insert into ${t.rollup}${alias} (grain, bucket, device_id, project_id, samples, ${names(t)})`;
/** Recomputed rows replace what the bucket held. */
const replaceAll = (t: RollupTable<string>) =>
  `on conflict (grain, device_id, bucket) do update set samples = excluded.samples, ${t.columns
    .map((c) => `${c.column} = excluded.${c.column}`)
    .join(', ')}`;

/** Aggregate of one column over raw readings. */
function fromReadings(c: RollupColumn<string>): string {
  return c.agg === 'delta' ? `max(${c.source}) - min(${c.source})` : `${c.agg}(${c.source})`;
}

/**
 * Aggregate of one column over hourly rows `r`: averages weighted by the hour's samples (only
 * the hours where the column has a value count), maxima and minima combined, a counter's growth
 * from its overall maximum and minimum.
 */
function fromHours(c: RollupColumn<string>, r = 'r'): string {
  const v = `${r}.${c.column}`;
  switch (c.agg) {
    case 'avg':
      return `sum(${v} * ${r}.samples) / nullif(sum(case when ${v} is not null then ${r}.samples end), 0)`;
    case 'delta':
      return `max(${r}.${c.max}) - min(${r}.${c.max} - ${v})`;
    default:
      return `${c.agg}(${v})`;
  }
}

/**
 * Merge of an existing hourly row `r` with the sums being added (`excluded`): averages weighted
 * by samples, maxima and minima combined, a counter's growth from the combined extremes.
 */
function merged(c: RollupColumn<string>): string {
  const [old, add] = [`r.${c.column}`, `excluded.${c.column}`];
  switch (c.agg) {
    case 'avg':
      return `case when ${add} is null then ${old} when ${old} is null then ${add}
        else (${old} * r.samples + ${add} * excluded.samples) / (r.samples + excluded.samples) end`;
    case 'max':
      return `greatest(${old}, ${add})`;
    case 'min':
      return `least(${old}, ${add})`;
    case 'delta':
      return `greatest(r.${c.max}, excluded.${c.max}) - least(r.${c.max} - ${old}, excluded.${c.max} - ${add})`;
  }
}

/** Hourly rows of [$1, $2) recomputed from the raw readings (idempotent). */
export function hourlyFromReadingsSql(t: RollupTable<string>): string {
  return `${header(t)}
    select 'h', date_trunc('hour', ts), device_id, min(project_id), count(*)::int, ${t.columns.map(fromReadings).join(', ')}
      from (select r.*, d.project_id from ${t.readings} r join dev_device d on d.id = r.device_id
             where r.ts >= $1 and r.ts < $2) readings
     group by 2, 3
    ${replaceAll(t)}`;
}

/** Daily rows of the device-days that hourly rows in [$1, $2) touch, recomputed from all their hours. */
export function dailyFromHoursSql(t: RollupTable<string>): string {
  return `with days as (
      select distinct r.device_id, date_trunc('day', r.bucket, coalesce(p.time_zone, 'UTC')) as day
        from ${t.rollup} r left join (${projectTimeZoneRelation}) p on p.id = r.project_id
       where r.grain = 'h' and r.bucket >= $1 and r.bucket < $2)
    ${header(t)}
    select 'd', d.day, r.device_id, min(r.project_id), sum(r.samples)::int, ${t.columns.map((c) => fromHours(c)).join(', ')}
      from days d join ${t.rollup} r on r.grain = 'h' and r.device_id = d.device_id
       and r.bucket >= d.day and r.bucket < d.day + interval '1 day'
     group by d.day, r.device_id
    ${replaceAll(t)}`;
}

/** Increments rows already there by the sums being added (`excluded`). */
const addUp = (t: RollupTable<string>) =>
  `on conflict (grain, device_id, bucket) do update set samples = r.samples + excluded.samples,
      ${t.columns.map((c) => `${c.column} = ${merged(c)}`).join(',\n      ')}`;

/**
 * Adds in-memory sums of device-hours into their hourly rows and into the daily rows of the
 * days they fall in (local to each project's time zone), in one statement: a set of sums is
 * in both or in neither. Parameters: $1 the hours (epoch ms), $2 device ids, $3 project ids,
 * $4 samples, then one float array per column in `columns` order; each device-hour at most once.
 * Not idempotent: each set of sums is added once.
 *
 * Adding to the day instead of recomputing it from its hours keeps the cost of a run the same
 * at 23:00 as at 00:00 (a recompute reads every hour of the day so far, for every device).
 */
export function addSumsSql(t: RollupTable<string>): string {
  const arrays = t.columns.map((_, i) => `$${i + 5}::float8[]`).join(', ');
  const hour = epochMsToTimestamptz('v.hour');
  return `with v as (
      select * from unnest($1::int8[], $2::text[], $3::text[], $4::int[], ${arrays})
        as v(hour, device_id, project_id, samples, ${names(t)})),
    hours as (
      ${header(t, ' as r')}
      select 'h', ${hour}, v.device_id, v.project_id, v.samples, ${t.columns.map((c) => `v.${c.column}`).join(', ')}
        from v
      ${addUp(t)})
    ${header(t, ' as r')}
    select 'd', h.day, h.device_id, min(h.project_id), sum(h.samples)::int, ${t.columns.map((c) => fromHours(c, 'h')).join(', ')}
      from (select v.*, date_trunc('day', ${hour}, coalesce(p.time_zone, 'UTC')) as day
              from v left join (${projectTimeZoneRelation}) p on p.id = v.project_id) h
     group by h.day, h.device_id
    ${addUp(t)}`;
}

/** The in-memory aggregates of lamps' readings (`RollupBuckets`). */
export type LampKey = 'level' | 'power' | 'voltage' | 'current' | 'energy' | 'on';
/** The in-memory aggregates of sensors' readings: all but the wind's direction. */
export type SensorKey =
  | 'temperature'
  | 'humidity'
  | 'pm25'
  | 'pm10'
  | 'noise'
  | 'illuminance'
  | 'windSpeed'
  | 'pressure';

type Stat = 'avg' | 'max' | 'min';

/** The rollup columns `<source>_<stat>` of one reading column, aggregated in memory as `key`. */
const stats = <K extends string>(key: K, of: readonly Stat[], source: string = key): RollupColumn<K>[] =>
  of.map((agg) => ({ column: `${source}_${agg}`, source, key, agg }));

export const lampRollup: RollupTable<LampKey> = {
  rollup: 'dev_lamp_rollup',
  readings: 'dev_lamp_reading',
  columns: [
    ...stats('level', ['avg']),
    ...stats('power', ['avg', 'max']),
    ...stats('voltage', ['avg']),
    ...stats('current', ['avg']),
    ...stats('energy', ['max']),
    { column: 'energy_delta', source: 'energy', key: 'energy', agg: 'delta', max: 'energy_max' },
    {
      column: 'on_ratio',
      source: 'case when light_on then 1 when light_on is false then 0 end',
      key: 'on',
      agg: 'avg',
    },
  ],
};

export const sensorRollup: RollupTable<SensorKey> = {
  rollup: 'dev_sensor_rollup',
  readings: 'dev_sensor_reading',
  columns: [
    ...stats('temperature', ['avg', 'min', 'max']),
    ...stats('humidity', ['avg']),
    ...stats('pm25', ['avg', 'max']),
    ...stats('pm10', ['avg', 'max']),
    ...stats('noise', ['avg', 'max']),
    ...stats('illuminance', ['avg']),
    ...stats('windSpeed', ['avg', 'max'], 'wind_speed'),
    ...stats('pressure', ['avg']),
  ],
};

/** The in-memory aggregates of a table, in the order of its columns. */
const keysOf = <K extends string>(t: RollupTable<K>): readonly K[] => [
  ...new Set(t.columns.map((c) => c.key)),
];

export const lampKeys = keysOf(lampRollup);
export const sensorKeys = keysOf(sensorRollup);
