import type { Queryable, Row } from '../../../db/database';
import { minuteOf } from './reading-order';

const MINUTE_MS = 60_000;
/** Minutes named by one statement: a day, two partitions at most. */
const MINUTES_PER_QUERY = 1_440;

/**
 * The statement of {@link rawReadings}: $1 the minutes, $2 the device, [$3, $4) the time, $5 the
 * limit.
 */
export const rawReadingsSql = (table: string, columns: string) =>
  `select ts, ${columns} from ${table}
    where ts_minute = any($1::integer[]) and device_id = $2 and ts >= $3 and ts < $4
    order by ts limit $5`;

/**
 * A device's raw readings in [from, to), oldest first, at most `limit`. The readings' index is
 * keyed by minute, then device (migration 0068), so each statement names the minutes it reads and
 * the index is probed once per minute; a day at a time, so that a long range stops as soon as
 * `limit` rows are found.
 */
export async function rawReadings<T extends Row>(
  db: Queryable,
  table: 'dev_lamp_reading' | 'dev_sensor_reading',
  columns: string,
  deviceId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<T[]> {
  const rows: T[] = [];
  const end = to.getTime();
  if (!(from.getTime() < end)) return rows;
  const last = minuteOf(end - 1);
  for (
    let first = minuteOf(from.getTime());
    first <= last && rows.length < limit;
    first += MINUTES_PER_QUERY
  ) {
    const upTo = Math.min(last, first + MINUTES_PER_QUERY - 1);
    const minutes = Array.from({ length: upTo - first + 1 }, (_, k) => first + k);
    // The time bounds too, clipped to these minutes: they prune the day partitions to read.
    const since = new Date(Math.max(from.getTime(), first * MINUTE_MS)).toISOString();
    const until = new Date(Math.min(end, (upTo + 1) * MINUTE_MS)).toISOString();
    rows.push(
      ...(await db.query<T>(rawReadingsSql(table, columns), [
        minutes,
        deviceId,
        since,
        until,
        limit - rows.length,
      ])),
    );
  }
  return rows;
}
