import { describe, expect, it } from 'vitest';
import { type FaultOp, faultFlagChanges } from './fault-flags';

/** The array the operations give applied one by one, as the per-event statements did. */
function oneByOne(faults: string[], ops: readonly FaultOp[]): string[] {
  let out = [...faults];
  for (const op of ops)
    if (!op.active) out = out.filter((f) => f !== op.code);
    else if (!out.includes(op.code)) out.push(op.code);
  return out;
}

/** The array one folded change gives (what the single statement computes). */
function folded(faults: string[], ops: readonly FaultOp[]): string[] {
  const [change] = faultFlagChanges(ops);
  const kept = faults.filter((f) => !change!.remove.includes(f));
  return [...kept, ...change!.add.filter((f) => !kept.includes(f))];
}

const op = (code: string, active: boolean): FaultOp => ({ deviceId: 'd1', code, active });

describe('faultFlagChanges', () => {
  it('gives one change per device', () => {
    const changes = faultFlagChanges([
      { deviceId: 'd1', code: 'lampFailure', active: true },
      { deviceId: 'd2', code: 'lampFailure', active: true },
      { deviceId: 'd1', code: 'lowPower', active: false },
    ]);
    expect(changes).toEqual([
      { deviceId: 'd1', remove: ['lowPower'], add: ['lampFailure'] },
      { deviceId: 'd2', remove: [], add: ['lampFailure'] },
    ]);
  });

  it.each([
    ['a raise of a present flag keeps its place', ['a', 'b'], [op('a', true)]],
    ['a raise and a clear leave the flag out', ['b'], [op('a', true), op('a', false)]],
    ['a clear then a raise moves the flag to the end', ['a', 'b'], [op('a', false), op('a', true)]],
    ['raises append in the order they came', [], [op('b', true), op('a', true), op('b', true)]],
    [
      'a flag cleared and raised again goes after one raised meanwhile',
      ['x'],
      [op('a', true), op('b', true), op('a', false), op('a', true), op('x', false)],
    ],
  ])('%s, as the events applied one by one', (_name, faults, ops) => {
    expect(folded(faults, ops)).toEqual(oneByOne(faults, ops));
  });
});
