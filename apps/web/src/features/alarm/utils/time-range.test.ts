import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { timeRangeParams } from './time-range';

describe('timeRangeParams', () => {
  it('sends both ends as ISO times, leaves out an open end and ignores anything else', () => {
    const from = dayjs('2026-11-25T08:00:00Z');
    expect(timeRangeParams([from, null])).toEqual({ from: '2026-11-25T08:00:00.000Z', to: undefined });
    expect(timeRangeParams(undefined)).toEqual({});
  });
});
