import type { Dayjs } from 'dayjs';

/** A range picker's value as the alarm list's `from`/`to` (ISO 8601 with offset); open ends left out. */
export function timeRangeParams(value: unknown): Record<string, string | undefined> {
  if (!Array.isArray(value)) return {};
  const [from, to] = value as [Dayjs | null, Dayjs | null];
  return { from: from ? from.toISOString() : undefined, to: to ? to.toISOString() : undefined };
}
