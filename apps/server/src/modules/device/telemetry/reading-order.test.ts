import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { minuteOf, readingOrder } from './reading-order';

const NOON = Date.UTC(2026, 10, 24, 12);
/** Timestamps for `n` rows, all within one minute. */
const sameMinute = (n: number) => Float64Array.from({ length: n }, (_, i) => NOON + i);

describe('index order of a batch of readings', () => {
  it('orders the rows of one minute by device id, keeping arrival order among equal ids', () => {
    const ids = ['zz', 'lb', 'la', 'b', 'lb', 'a1', 'A', 'la'];
    const order = [...readingOrder(ids, sameMinute(ids.length), 0, ids.length)];
    expect(order.map((i) => ids[i])).toEqual(['A', 'a1', 'b', 'la', 'la', 'lb', 'lb', 'zz']);
    // Equal ids in the order they arrived: 'la' at 2 then 7, 'lb' at 1 then 4.
    expect(order.filter((i) => ids[i] === 'la')).toEqual([2, 7]);
    expect(order.filter((i) => ids[i] === 'lb')).toEqual([1, 4]);
  });

  it('keeps arrival order among ids that share their first four characters', () => {
    const ids = ['lamp-b', 'lamp-a', 'gw-1', 'lamp-c'];
    expect([...readingOrder(ids, sameMinute(4), 0, ids.length)].map((i) => ids[i])).toEqual([
      'gw-1',
      'lamp-b',
      'lamp-a',
      'lamp-c',
    ]);
  });

  it('answers row indexes of the range only, each once', () => {
    const ids = ['d', 'c', 'b', 'a', 'z', 'y', 'x'];
    const order = [...readingOrder(ids, sameMinute(ids.length), 2, 6)];
    expect(order).toEqual([3, 2, 5, 4]);
  });

  it('sorts UUIDs by their first four characters, as the index would place them', () => {
    const ids = Array.from({ length: 5_000 }, () => randomUUID());
    const order = readingOrder(ids, sameMinute(ids.length), 0, ids.length);
    const sorted = [...order].map((i) => ids[i]!.slice(0, 4));
    expect(sorted).toEqual([...sorted].sort());
    expect(new Set(order).size).toBe(5_000);
  });

  it('puts the minute first when a batch spans several, devices in order within each', () => {
    // Arrival: devices b, a of 12:01, then a late reading of 12:00, then c, a of 12:01 and one of 12:02.
    const ids = ['b', 'a', 'z', 'c', 'a', 'a'];
    const ts = Float64Array.from([60_500, 60_100, 59_900, 61_000, 119_000, 120_000], (ms) => NOON + ms);
    const order = [...readingOrder(ids, ts, 0, ids.length)];
    expect(order).toEqual([2, 1, 4, 0, 3, 5]);
    const minutes = order.map((i) => minuteOf(ts[i]!));
    expect(minutes).toEqual([...minutes].sort((x, y) => x - y));
  });

  it('orders a backlog spread over months the same way', () => {
    const day = 86_400_000;
    const ids = ['b', 'a', 'b', 'a'];
    const ts = Float64Array.from([NOON, NOON - 90 * day, NOON - 90 * day, NOON]);
    expect([...readingOrder(ids, ts, 0, ids.length)]).toEqual([1, 2, 3, 0]);
  });

  it('counts whole minutes since 1970 in UTC, before 1970 too', () => {
    expect(minuteOf(Date.UTC(1970, 0, 1, 0, 1, 59, 999))).toBe(1);
    expect(minuteOf(NOON)).toBe(NOON / 60_000);
    expect(minuteOf(-1)).toBe(-1);
  });
});
