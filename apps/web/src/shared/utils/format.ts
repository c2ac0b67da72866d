import dayjs from 'dayjs';

/** Default length of truncated texts (spec §9). */
export const TRUNCATE_LENGTH = 25;
/** Default date format of the console (spec §9). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The first `length` characters of `text` followed by "..." when it is longer (upstream `ellipsis`). */
export function truncate(text: string | null | undefined, length: number = TRUNCATE_LENGTH): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : text;
}

/** Groups the integer part in thousands: 1234567.5 → "1,234,567.5"; non-numbers as given (upstream `NumberFormat`). */
export function thousands(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0';
  const text = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A date (Date, epoch ms or parseable text) as `YYYY-MM-DD HH:mm:ss`; empty or invalid input gives "". */
export function formatDate(
  value: Date | number | string | null | undefined,
  pattern: string = DATE_TIME_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}
