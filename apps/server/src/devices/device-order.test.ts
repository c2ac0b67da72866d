import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceOrder } from './device-order';

describe('device order of a batch of readings', () => {
  it('orders the rows by device id, keeping arrival order among equal ids', () => {
    const ids = ['zz', 'lb', 'la', 'b', 'lb', 'a1', 'A', 'la'];
    const order = [...deviceOrder(ids, 0, ids.length)];
    expect(order.map((i) => ids[i])).toEqual(['A', 'a1', 'b', 'la', 'la', 'lb', 'lb', 'zz']);
    // Equal ids in the order they arrived: 'la' at 2 then 7, 'lb' at 1 then 4.
    expect(order.filter((i) => ids[i] === 'la')).toEqual([2, 7]);
    expect(order.filter((i) => ids[i] === 'lb')).toEqual([1, 4]);
  });

  it('keeps arrival order among ids that share their first four characters', () => {
    const ids = ['lamp-b', 'lamp-a', 'gw-1', 'lamp-c'];
    expect([...deviceOrder(ids, 0, ids.length)].map((i) => ids[i])).toEqual([
      'gw-1',
      'lamp-b',
      'lamp-a',
      'lamp-c',
    ]);
  });

  it('answers row indexes of the range only, each once', () => {
    const ids = ['d', 'c', 'b', 'a', 'z', 'y', 'x'];
    const order = [...deviceOrder(ids, 2, 6)];
    expect(order).toEqual([3, 2, 5, 4]);
  });

  it('sorts UUIDs by their first four characters, as the index would place them', () => {
    const ids = Array.from({ length: 5_000 }, () => randomUUID());
    const sorted = [...deviceOrder(ids, 0, ids.length)].map((i) => ids[i]!.slice(0, 4));
    expect(sorted).toEqual([...sorted].sort());
    expect(new Set(deviceOrder(ids, 0, ids.length)).size).toBe(5_000);
  });
});
