import { describe, expect, it } from 'vitest';
import { LampColumns, lampCopyText, numberArray, SensorColumns, textArray } from './reading-columns';

describe('reading columns', () => {
  it('keep every reading across growth, absent values as null, and are reusable after reset', () => {
    const c = new LampColumns();
    for (let i = 0; i < 3_000; i++)
      c.add(1_700_000_000_000 + i, `L${i}`, 'p1', {
        dev: `L${i}`,
        on: i % 2 === 0,
        level: i % 101,
        ...(i % 3 === 0 ? {} : { voltage: 220.5 }),
      });
    expect(c.size).toBe(3_000);
    expect(c.level[2_999]).toBe(2_999 % 101);
    expect(c.deviceId[2_048]).toBe('L2048');
    const text = [...lampCopyText(c)].join('');
    const rows = text.split('\n').filter(Boolean);
    expect(rows).toHaveLength(3_000);
    // ts, device, project, on, level, target, voltage, current, power, power factor, energy, hours, switch-ons
    expect(rows[0]!.split('\t')).toEqual([
      new Date(1_700_000_000_000).toISOString(),
      'L0',
      'p1',
      't',
      '0',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
      '\\N',
    ]);
    expect(rows[1]!.split('\t').slice(3, 7)).toEqual(['f', '1', '\\N', '220.5']);
    c.reset();
    expect(c.size).toBe(0);
    c.add(1, 'L', 'p', { dev: 'L', level: 5 });
    expect([...lampCopyText(c)].join('').split('\t')[4]).toBe('5');
  });

  it('escapes COPY text and builds array literals', () => {
    const s = new SensorColumns();
    s.add(0, 'a\tb', 'p', { dev: 'x', temperature: -3.25 });
    expect(numberArray(s.temperature, 0, 1)).toBe('{-3.25}');
    expect(numberArray(s.humidity, 0, 1)).toBe('{NULL}');
    expect(numberArray([1, null, 2.5])).toBe('{1,NULL,2.5}');
    expect(textArray(['a"b', 'c\\d', null])).toBe('{"a\\"b","c\\\\d",NULL}');
    const lamps = new LampColumns();
    lamps.add(0, 'a\tb\\c', 'p', { dev: 'x' });
    expect([...lampCopyText(lamps)].join('').split('\t').slice(1, 4)).toEqual(['a\\tb\\\\c', 'p', '\\N']);
  });
});
