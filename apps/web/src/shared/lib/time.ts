import { DEFAULT_TIME_ZONE } from '@ics/contract';
import dayjs from 'dayjs';

/** `YYYY-MM-DD HH:mm[:ss]` without a zone: how the system lists send times (wall time of the server's zone). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** How far `zone`'s clocks are ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(zone: string, utcMs: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(utcMs)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant a time value names: ISO text with a zone or epoch ms as they are; a wall time
 * without a zone (the system lists' `create_time`) read in the server's zone.
 */
export function toInstant(value: string | number | Date, serverZone = DEFAULT_TIME_ZONE): Date {
  if (typeof value !== 'string') return new Date(value);
  const m = WALL_TIME.exec(value.trim());
  if (!m) return new Date(value);
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const guess = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const first = guess - zoneOffsetMs(serverZone, guess);
  // Once more at the instant found, in case an offset change lies between.
  return new Date(guess - zoneOffsetMs(serverZone, first));
}

/**
 * Any time the console shows, in one zone — the browser's — and one format, whether the
 * server sent ISO text (device and lighting lists) or a wall time (system lists): the command
 * log and the login log show the same moment the same way.
 */
export function formatInstant(value: string | number | Date | null | undefined, withSeconds = true): string {
  if (value === null || value === undefined || value === '') return '—';
  const instant = toInstant(value);
  if (Number.isNaN(instant.getTime())) return String(value);
  return dayjs(instant).format(withSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm');
}
