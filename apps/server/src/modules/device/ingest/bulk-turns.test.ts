import { describe, expect, it } from 'vitest';
import { BulkTurns } from './bulk-turns';

/** A clock that moves only when a slice of work says so: budgets counted in slices, not in timing. */
function sliceClock() {
  let t = 0;
  return {
    now: () => t,
    work: (ms: number) => {
      t += ms;
    },
  };
}

/**
 * Bulk tasks of `slices` slices of 1 ms each, all working within `turns`' budget, and other
 * work of the event loop (a chain of immediates) marking each turn: answers what ran, in order.
 */
async function run(turns: BulkTurns, clock: ReturnType<typeof sliceClock>, tasks: Record<string, number>) {
  const log: string[] = [];
  let working = Object.keys(tasks).length;
  const other = () => {
    log.push('|');
    if (working > 0) setImmediate(other);
  };
  setImmediate(other);
  await Promise.all(
    Object.entries(tasks).map(async ([name, slices]) => {
      for (let i = 0; i < slices; i++) {
        if (turns.spent) await turns.next();
        clock.work(1);
        log.push(name);
      }
      working--;
    }),
  );
  return log;
}

/** The slices run between two turns of other work. */
const perTurn = (log: string[]) =>
  log
    .join('')
    .split('|')
    .filter((s) => s.length > 0);

describe('bulk turns', () => {
  it('shares one budget per turn of the event loop among all bulk tasks', async () => {
    const clock = sliceClock();
    const log = await run(new BulkTurns(3, clock.now), clock, { a: 9, b: 9, c: 9 });
    const turns = perTurn(log);
    // Three tasks of 9 slices each: 27 slices, never more than the budget's 3 in one turn, so
    // other work of the event loop ran at least every 3 slices.
    expect(turns.join('').length).toBe(27);
    for (const t of turns) expect(t.length).toBeLessThanOrEqual(3);
    expect(turns.length).toBeGreaterThanOrEqual(9);
  });

  it('lets the waiting tasks go in the order they asked, so none is left behind', async () => {
    const clock = sliceClock();
    const log = await run(new BulkTurns(2, clock.now), clock, { a: 6, b: 6 });
    // Turn after turn the other task goes first: a and b finish within a turn of each other.
    const turns = perTurn(log);
    expect(turns).toEqual(['aa', 'bb', 'aa', 'bb', 'aa', 'bb']);
  });

  it('resumes a task that asked for a turn while nothing else waits', async () => {
    const clock = sliceClock();
    const turns = new BulkTurns(1, clock.now);
    clock.work(5);
    expect(turns.spent).toBe(true);
    await turns.next();
    expect(turns.spent).toBe(false);
    clock.work(1);
    expect(turns.spent).toBe(true);
  });
});
