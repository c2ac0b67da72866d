import { beforeAll, describe, expect, it } from 'vitest';
import { dbVariants, migratedDatabase } from '../../../../test/harness';
import type { Database } from '../../../db/database';
import { LampColumns, SensorColumns } from './reading-columns';
import { RollupBuckets, type RollupProgress } from './rollup-buckets';
import { TelemetryStore } from './telemetry-store';

// The minute job adds the sums it gathered in memory to the hourly rows and to the daily rows
// of the days those hours fall in (each project's own day), without reading the rows back.

const at = (iso: string) => Date.parse(iso);

function lamps(
  rows: Array<{ ts: string; dev: string; project: string; level: number; energy: number; on: boolean }>,
) {
  const c = new LampColumns();
  for (const r of rows)
    c.add(at(r.ts), r.dev, r.project, { dev: r.dev, on: r.on, level: r.level, energy: r.energy });
  return c;
}

type Row = {
  grain: string;
  bucket: string;
  device_id: string;
  samples: number;
  level_avg: number | null;
  energy_max: number | null;
  energy_delta: number | null;
  on_ratio: number | null;
};

for (const variant of dbVariants()) {
  describe(`rollups added from in-memory sums [${variant.name}]`, () => {
    const database = migratedDatabase(variant);
    let db: Database;
    beforeAll(async () => {
      db = database();
      await db.query(`insert into sys_project (id, name, code, time_zone) values
        ('p-sh', 'Shanghai', 'SH', 'Asia/Shanghai'), ('p-utc', 'Greenwich', 'UTC', 'UTC')`);
    });

    const rollups = (device: string) =>
      db.query<Row>(
        `select grain, to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as bucket, device_id, samples,
                level_avg, energy_max, energy_delta, on_ratio
           from dev_lamp_rollup where device_id = $1 order by grain desc, bucket`,
        [device],
      );

    it("adds each run's sums to the hours and to the project's local days, once", async () => {
      const store = new TelemetryStore(db);
      const first = new RollupBuckets();
      // Shanghai is UTC+8: 14:10 and 15:30 UTC are 22:10 and 23:30 of the 20th there, 16:30 UTC
      // is 00:30 of the 21st. Two hours of one device-day go in one statement.
      first.addLamps(
        lamps([
          { ts: '2026-11-20T14:10:00Z', dev: 'lamp-a', project: 'p-sh', level: 40, energy: 10, on: true },
          { ts: '2026-11-20T15:30:00Z', dev: 'lamp-a', project: 'p-sh', level: 60, energy: 12, on: true },
          { ts: '2026-11-20T16:30:00Z', dev: 'lamp-a', project: 'p-sh', level: 20, energy: 13, on: false },
          { ts: '2026-11-20T15:30:00Z', dev: 'lamp-b', project: 'p-utc', level: 80, energy: 5, on: true },
        ]),
      );
      await store.addRollups(first);

      expect(await rollups('lamp-a')).toEqual([
        {
          grain: 'h',
          bucket: '2026-11-20T14:00',
          device_id: 'lamp-a',
          samples: 1,
          level_avg: 40,
          energy_max: 10,
          energy_delta: 0,
          on_ratio: 1,
        },
        {
          grain: 'h',
          bucket: '2026-11-20T15:00',
          device_id: 'lamp-a',
          samples: 1,
          level_avg: 60,
          energy_max: 12,
          energy_delta: 0,
          on_ratio: 1,
        },
        {
          grain: 'h',
          bucket: '2026-11-20T16:00',
          device_id: 'lamp-a',
          samples: 1,
          level_avg: 20,
          energy_max: 13,
          energy_delta: 0,
          on_ratio: 0,
        },
        // Local midnights: 16:00 UTC of the day before.
        {
          grain: 'd',
          bucket: '2026-11-19T16:00',
          device_id: 'lamp-a',
          samples: 2,
          level_avg: 50,
          energy_max: 12,
          energy_delta: 2,
          on_ratio: 1,
        },
        {
          grain: 'd',
          bucket: '2026-11-20T16:00',
          device_id: 'lamp-a',
          samples: 1,
          level_avg: 20,
          energy_max: 13,
          energy_delta: 0,
          on_ratio: 0,
        },
      ]);
      expect((await rollups('lamp-b')).map((r) => [r.grain, r.bucket, r.samples])).toEqual([
        ['h', '2026-11-20T15:00', 1],
        ['d', '2026-11-20T00:00', 1],
      ]);

      // The next run's sums merge into the same rows: samples add, averages weigh by samples,
      // the counter's growth spans both runs.
      const second = new RollupBuckets();
      second.addLamps(
        lamps([
          { ts: '2026-11-20T15:45:00Z', dev: 'lamp-a', project: 'p-sh', level: 30, energy: 12.5, on: false },
        ]),
      );
      await store.addRollups(second);
      const [, hour15, , day20] = await rollups('lamp-a');
      expect(hour15).toMatchObject({
        samples: 2,
        level_avg: 45,
        energy_max: 12.5,
        energy_delta: 0.5,
        on_ratio: 0.5,
      });
      expect(day20!.samples).toBe(3);
      expect(day20!.level_avg).toBeCloseTo(130 / 3, 4);
      expect(day20).toMatchObject({ energy_max: 12.5, energy_delta: 2.5 });
      expect(day20!.on_ratio).toBeCloseTo(2 / 3, 6);
    });

    it('keeps what a failed run wrote and gives back only the rest', async () => {
      const store = new TelemetryStore(db);
      const run = new RollupBuckets();
      run.addLamps(
        lamps([
          { ts: '2026-11-21T09:00:00Z', dev: 'lamp-c', project: 'p-utc', level: 70, energy: 1, on: true },
        ]),
      );
      const sensors = new SensorColumns();
      sensors.add(at('2026-11-21T09:00:00Z'), 'sensor-c', 'p-utc', { dev: 'sensor-c', temperature: 21.5 });
      run.addSensors(sensors);
      // The sensor rollup refuses every row: its statement fails after the lamps' went in.
      await db.query('alter table dev_sensor_rollup add constraint refuse_all check (samples < 0) not valid');
      const done: RollupProgress = { lamps: 0, sensors: 0 };
      await expect(store.addRollups(run, done)).rejects.toThrow(/refuse_all/);
      expect(done).toEqual({ lamps: 1, sensors: 0 });
      await db.query('alter table dev_sensor_rollup drop constraint refuse_all');

      const next = new RollupBuckets();
      run.mergeInto(next, done);
      expect([next.lamps.size, next.sensors.size]).toEqual([0, 1]);
      await store.addRollups(next);
      expect((await rollups('lamp-c')).map((r) => [r.grain, r.samples])).toEqual([
        ['h', 1],
        ['d', 1],
      ]);
      const sensorRows = await db.query<{ grain: string; samples: number; temperature_avg: number }>(
        `select grain, samples, temperature_avg from dev_sensor_rollup where device_id = 'sensor-c' order by grain desc`,
      );
      expect(sensorRows).toEqual([
        { grain: 'h', samples: 1, temperature_avg: 21.5 },
        { grain: 'd', samples: 1, temperature_avg: 21.5 },
      ]);
    });

    it("rewrites a full page's rows on their own page (no new index entries)", async () => {
      // 2,000 device-hours fill dozens of pages; a second run rewrites every row. With half of
      // each page free the new versions fit beside the old ones: heap-only updates. Counted
      // within one transaction, whose own counters are exact on both databases.
      const run = new RollupBuckets();
      const c = new LampColumns();
      for (let i = 0; i < 2_000; i++)
        c.add(at('2026-11-22T10:30:00Z'), `page-${i}`, 'p-utc', {
          dev: 'x',
          on: true,
          level: i % 100,
          energy: i,
        });
      run.addLamps(c);
      const counts = await db.transaction(async (tx) => {
        // addRollups only issues queries: the transaction stands in for the database.
        const store = new TelemetryStore(tx as unknown as Database);
        await store.addRollups(run);
        await store.addRollups(run);
        const [row] = await tx.query<{ updated: number; hot: number }>(
          `select pg_stat_get_xact_tuples_updated('dev_lamp_rollup'::regclass)::int as updated,
                  pg_stat_get_xact_tuples_hot_updated('dev_lamp_rollup'::regclass)::int as hot`,
        );
        return row!;
      });
      expect(counts.updated).toBeGreaterThanOrEqual(4_000); // each device's hour and day
      expect(counts.hot / counts.updated).toBeGreaterThan(0.95);
    });
  });
}
