/**
 * Dates and times as clients write them: `yyyy-MM-dd`, optionally ` HH:mm`, `:ss`, `.fff`, a `T`
 * instead of the space and an offset (`Z`, `+08:00`). A text of that shape is not yet a date:
 * `2024-99-99` or `2024-02-30 25:61:61` match it, and PostgreSQL refuses them with an error the
 * client never caused on purpose. `isCalendarDateTime` checks every field against the calendar.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

const daysInMonth = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/** Whether `text` has the shape above and names a real instant (year 1 to 9999). */
export function isCalendarDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59)) return false;
  if (m[6] !== undefined && Number(m[6]) > 59) return false;
  if (m[8] !== undefined && (Number(m[8]) > 15 || Number(m[9]) > 59)) return false;
  return true;
}

/** Whether `text` is a real `yyyy-MM-dd` date. */
export const isCalendarDate = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDateTime(text);

/** The last millisecond of year 9999: instants given as epoch milliseconds stay below it. */
export const MAX_EPOCH_MS = 253_402_300_799_999;
