import { describe, expect, it } from 'vitest';
import { LampColumns, numberArray, SensorColumns, textArray } from './reading-columns';

describe('reading columns', () => {
  it('keep every reading across growth, absent values as NaN, and are reusable after reset', () => {
    const c = new LampColumns();
    for (let i = 0; i < 40_000; i++)
      c.add(1_700_000_000_000 + i, `L${i}`, 'p1', {
        dev: `L${i}`,
        on: i % 2 === 0,
        level: i % 101,
        ...(i % 3 === 0 ? {} : { voltage: 220.5 }),
      });
    expect(c.size).toBe(40_000);
    expect(c.level[39_999]).toBe(39_999 % 101);
    expect(c.ts[20_000]).toBe(1_700_000_020_000);
    expect(c.deviceId[20_048]).toBe('L20048');
    expect([c.on[0], c.on[1]]).toEqual([1, 0]);
    expect(Number.isNaN(c.voltage[0]!)).toBe(true);
    expect(c.voltage[1]).toBe(220.5);
    expect(Number.isNaN(c.target[5]!)).toBe(true);
    c.reset();
    expect(c.size).toBe(0);
    c.add(1, 'L', 'p', { dev: 'L', level: 5 });
    expect([c.size, c.level[0]]).toEqual([1, 5]);
  });

  it('build array literals for bound parameters', () => {
    const s = new SensorColumns();
    s.add(0, 'x', 'p', { dev: 'x', temperature: -3.25 });
    expect(numberArray(s.temperature, 0, 1)).toBe('{-3.25}');
    expect(numberArray(s.humidity, 0, 1)).toBe('{NULL}');
    expect(numberArray([1, null, 2.5])).toBe('{1,NULL,2.5}');
    expect(textArray(['a"b', 'c\\d', null])).toBe('{"a\\"b","c\\\\d",NULL}');
  });
});
