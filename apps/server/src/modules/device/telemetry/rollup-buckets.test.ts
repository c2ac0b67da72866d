import { describe, expect, it } from 'vitest';
import { hashDeviceSecret, VerifiedSecrets } from '../bus/credentials';
import { LampColumns } from './reading-columns';
import { RollupBuckets } from './rollup-buckets';

const HOUR = 3_600_000;

function lamps(rows: Array<{ ts: number; dev: string; level: number | null; energy: number; on: boolean }>) {
  const c = new LampColumns();
  for (const r of rows)
    c.add(r.ts, r.dev, 'p', {
      dev: r.dev,
      on: r.on,
      ...(r.level === null ? {} : { level: r.level, power: r.level * 2 }),
      voltage: 220,
      energy: r.energy,
    });
  return c;
}

describe('RollupBuckets', () => {
  it('keeps count, sum, min and max per device-hour, and merges back', () => {
    const t = 10 * HOUR;
    const a = new RollupBuckets();
    a.addLamps(
      lamps([
        { ts: t + 1, dev: 'L1', level: 40, energy: 10, on: true },
        { ts: t + 2, dev: 'L1', level: null, energy: 12, on: false },
        { ts: t + HOUR, dev: 'L1', level: 80, energy: 15, on: true },
        { ts: t + 3, dev: 'L2', level: 10, energy: 1, on: true },
      ]),
    );
    expect(a.lamps.size).toBe(3);
    const l1 = a.lamps.get('L1', t)!;
    expect(l1.samples).toBe(2);
    expect(l1.stat('level', 'avg')).toBe(40);
    expect(l1.stat('energy', 'delta')).toBe(2);
    expect(l1.stat('on', 'avg')).toBe(0.5);
    expect(l1.stat('current', 'avg')).toBeNull();
    const b = new RollupBuckets();
    b.addLamps(lamps([{ ts: t + 5, dev: 'L1', level: 60, energy: 9, on: true }]));
    a.mergeInto(b);
    const merged = b.lamps.get('L1', t)!;
    expect(merged.samples).toBe(3);
    expect(merged.stat('level', 'avg')).toBe(50);
    expect(merged.stat('energy', 'min')).toBe(9);
  });

  it("finds a device-hour's slot the same with the device's number as without", () => {
    const t = 100 * HOUR;
    // Readings of 50 devices over three hours, in an order that jumps back (late readings).
    const rows = Array.from({ length: 3_000 }, (_, i) => ({
      ts: t + ((i * 7_919) % 3) * HOUR + (i % 1_000),
      dev: `L${i % 50}`,
      level: i % 100,
    }));
    const withIndex = new LampColumns();
    const withoutIndex = new LampColumns();
    for (const r of rows) {
      withIndex.add(r.ts, r.dev, 'p', { dev: r.dev, level: r.level }, Number(r.dev.slice(1)));
      withoutIndex.add(r.ts, r.dev, 'p', { dev: r.dev, level: r.level });
    }
    const a = new RollupBuckets();
    const b = new RollupBuckets();
    a.addLamps(withIndex, 0, 1_500);
    // Sums merged in without numbers (a failed run's) move some devices' latest hour meanwhile.
    const late = new RollupBuckets();
    late.addLamps(lamps([{ ts: t + 5 * HOUR, dev: 'L7', level: 1, energy: 1, on: true }]));
    late.mergeInto(a);
    a.addLamps(withIndex, 1_500);
    b.addLamps(withoutIndex);
    late.mergeInto(b);
    expect(a.lamps.size).toBe(b.lamps.size);
    expect(a.lamps.size).toBe(50 * 3 + 1);
    for (let d = 0; d < 50; d++)
      for (const h of [t, t + HOUR, t + 2 * HOUR]) {
        const [x, y] = [a.lamps.get(`L${d}`, h)!, b.lamps.get(`L${d}`, h)!];
        expect([x.samples, x.stat('level', 'avg'), x.stat('level', 'max')]).toEqual([
          y.samples,
          y.stat('level', 'avg'),
          y.stat('level', 'max'),
        ]);
      }
    expect(a.lamps.get('L7', t + 5 * HOUR)!.samples).toBe(1);
  });
});

describe('VerifiedSecrets', () => {
  it('derives once per distinct credential, shares concurrent checks, never remembers failures', async () => {
    const hash = await hashDeviceSecret('s3cret');
    const v = new VerifiedSecrets();
    const results = await Promise.all(['GW-1', 'GW-2', 'GW-3'].map((sn) => v.verify(sn, hash, 's3cret')));
    expect(results).toEqual([true, true, true]);
    expect(v.derivations).toBe(1);
    expect(await v.verify('GW-4', hash, 's3cret')).toBe(true);
    expect(v.derivations).toBe(1);
    expect(await v.verify('GW-1', hash, 'wrong')).toBe(false);
    expect(await v.verify('GW-1', hash, 'wrong')).toBe(false);
    expect(v.derivations).toBe(3);
    // Rotation: a new hash (new salt) misses the cache.
    const rotated = await hashDeviceSecret('s3cret');
    expect(await v.verify('GW-1', rotated, 's3cret')).toBe(true);
    expect(v.derivations).toBe(4);
  });
});
