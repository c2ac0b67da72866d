import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ProcessWatch } from './process-watch';

describe('process watch (the bench counters file)', () => {
  it('splits garbage-collection time by kind and reports where the memory is', async () => {
    const watch = new ProcessWatch();
    try {
      // Short-lived garbage: young-generation collections, each one reported as such.
      let kept = 0;
      for (let round = 0; round < 200; round++) {
        const garbage = Array.from({ length: 10_000 }, (_, i) => ({ i, text: `item ${i}` }));
        kept += garbage.length;
      }
      expect(kept).toBe(2_000_000);
      // GC entries reach the observer asynchronously.
      await sleep(50);
      const f = watch.figures();
      expect(f.gcPauses).toBeGreaterThan(0);
      expect(f.gcMinorMs).toBeGreaterThan(0);
      // Every kind is part of the total (rounded each; weak-callback time is the only kind not split out).
      expect(f.gcMinorMs! + f.gcMajorMs! + f.gcIncrementalMs!).toBeLessThanOrEqual(f.gcMs! + 2);
      expect(f.oldSpaceUsedMiB).toBeGreaterThan(0);
      expect(f.oldSpaceUsedMiB!).toBeLessThanOrEqual(f.oldSpaceMiB!);
      expect(f.oldSpaceMiB!).toBeLessThanOrEqual(f.heapTotalMiB!);
      expect(f.loopDelayMaxMs).toBeGreaterThanOrEqual(0);
    } finally {
      watch.stop();
    }
  });
});
