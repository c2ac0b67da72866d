import { describe, expect, it } from 'vitest';
import { isCalendarDate, isCalendarDateTime } from './calendar';

describe('calendar dates', () => {
  it('accepts real dates and times in every written form', () => {
    for (const good of [
      '2024-02-29',
      '2023-12-31 23:59',
      '2024-01-01 00:00:00',
      '2024-06-30 12:30:59.999',
      '2024-06-30T12:30:59Z',
      '2024-06-30T12:30:59.123456+08:00',
      '0001-01-01',
      '9999-12-31 23:59:59.999',
    ])
      expect(isCalendarDateTime(good), good).toBe(true);
  });

  it('refuses texts of the right shape that are no dates', () => {
    for (const bad of [
      '2024-99-99',
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '0000-00-00',
      '0000-01-01',
      '2024-00-10',
      '2024-02-30 25:61:61',
      '2024-01-01 24:00',
      '2024-01-01 23:60',
      '2024-01-01 23:59:60',
      '2024-01-01T00:00:00+16:00',
      '2024-1-1',
      'today',
    ])
      expect(isCalendarDateTime(bad), bad).toBe(false);
  });

  it('tells a date alone from a date with a time', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2024-02-29 10:00')).toBe(false);
    expect(isCalendarDate('2024-02-30')).toBe(false);
  });
});
