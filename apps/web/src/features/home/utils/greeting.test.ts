import { describe, expect, it } from 'vitest';
import { greetingPeriod } from './greeting';

describe('greetingPeriod', () => {
  it.each([
    [0, 'morning'],
    [8, 'morning'],
    [9, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [23, 'evening'],
  ] as const)('hour %i is %s', (hour, period) => {
    expect(greetingPeriod(hour)).toBe(period);
  });
});
