import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbVariants, migratedDatabase } from '../../../../test/harness';
import type { Database } from '../../../db/database';
import { listMigrations, migrate } from '../../../db/migrate';
import { rawReadings, rawReadingsSql } from './raw-history';
import { LampColumns, SensorColumns } from './reading-columns';
import { TelemetryStore } from './telemetry-store';

// Readings travel to the database in the binary COPY format: every type, null, extreme and
// non-ASCII id must come back exactly as sent (within float4 for the `real` columns).

for (const variant of dbVariants()) {
  describe(`telemetry store [${variant.name}]`, () => {
    const database = migratedDatabase(variant);
    let db: Database;
    beforeAll(() => {
      db = database();
    });

    it('stores lamp readings of every shape exactly, across chunks and days', async () => {
      const store = new TelemetryStore(db);
      const c = new LampColumns();
      const noon = Date.UTC(2026, 10, 23, 12, 0, 0, 123);
      c.add(noon, 'lamp-a', 'proj-α', {
        dev: 'a',
        on: true,
        level: 100,
        target: 0,
        voltage: 229.5,
        current: 0.125,
        power: 88.25,
        powerFactor: -1,
        energy: 123_456_789.125,
        hours: 5678.5,
        switchOns: 2_147_483_647,
      });
      // Nothing but the id: every other column null; and a counter past int4 stored as null.
      c.add(noon + 1, 'lamp-b', 'proj-α', { dev: 'b' });
      c.add(Date.UTC(1999, 11, 31, 23, 59, 59, 999), 'lamp-ß-测试', 'p', {
        dev: 'c',
        on: false,
        switchOns: 2 ** 31,
      });
      // Enough rows for several chunks of the encoder.
      for (let i = 0; i < 12_000; i++)
        c.add(noon + 10 + i, `bulk-${i}`, 'p2', { dev: 'x', level: i % 100, energy: i / 8 });
      await store.insertLamps(c);

      const rows = await db.query<Record<string, unknown>>(
        `select (extract(epoch from ts) * 1000)::float8 as ms, device_id, light_on, level, target, voltage,
                current, power, power_factor, energy, hours, switch_ons
           from dev_lamp_reading where device_id not like 'bulk-%' order by ts desc`,
      );
      expect(rows).toEqual([
        {
          ms: noon + 1,
          device_id: 'lamp-b',
          light_on: null,
          level: null,
          target: null,
          voltage: null,
          current: null,
          power: null,
          power_factor: null,
          energy: null,
          hours: null,
          switch_ons: null,
        },
        {
          ms: noon,
          device_id: 'lamp-a',
          light_on: true,
          level: 100,
          target: 0,
          voltage: 229.5,
          current: 0.125,
          power: 88.25,
          power_factor: -1,
          energy: 123_456_789.125,
          hours: 5678.5,
          switch_ons: 2_147_483_647,
        },
        expect.objectContaining({
          ms: Date.UTC(1999, 11, 31, 23, 59, 59, 999),
          device_id: 'lamp-ß-测试',
          light_on: false,
          switch_ons: null,
        }),
      ]);
      const [bulk] = await db.query<{ n: number; levels: number; energy: number }>(
        `select count(*)::int as n, sum(level)::float8 as levels, sum(energy)::float8 as energy
           from dev_lamp_reading where device_id like 'bulk-%'`,
      );
      let levels = 0;
      let energy = 0;
      for (let i = 0; i < 12_000; i++) {
        levels += i % 100;
        energy += i / 8;
      }
      expect(bulk).toEqual({ n: 12_000, levels, energy });
      // Each row's minute, which the index is keyed by, is its time's (1999 included).
      const [minutes] = await db.query<{ wrong: number }>(
        `select count(*)::int as wrong from dev_lamp_reading
          where ts_minute is distinct from floor(extract(epoch from ts) / 60)::integer`,
      );
      expect(minutes).toEqual({ wrong: 0 });
    });

    it("finds one device's readings over a time range through the minute and device index", async () => {
      const store = new TelemetryStore(db);
      const c = new LampColumns();
      const start = Date.UTC(2026, 10, 25, 8, 0, 0);
      for (let i = 0; i < 2_000; i++)
        c.add(start + i * 1_000, `dev-${i % 50}`, 'p', { dev: 'x', level: i % 100 });
      await store.insertLamps(c);

      // The history statement; the planner is kept from reading the whole day.
      const minutes = Array.from({ length: 10 }, (_, k) => start / 60_000 + k);
      const params = [
        minutes,
        'dev-7',
        new Date(start).toISOString(),
        new Date(start + 600_000).toISOString(),
        100,
      ];
      const sql = rawReadingsSql('dev_lamp_reading', 'level');
      const plan = await db.transaction(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
        return JSON.stringify(row!['QUERY PLAN']);
      });
      expect(plan).toMatch(/"Index Name":"dev_lamp_reading_\w+_ts_minute_device_id_idx"/);
      const rows = await rawReadings<{ level: number }>(
        db,
        'dev_lamp_reading',
        'level',
        'dev-7',
        new Date(start),
        new Date(start + 600_000),
        100,
      );
      expect(rows.map((r) => r.level)).toEqual(Array.from({ length: 12 }, (_, k) => (7 + 50 * k) % 100));
    });

    it("reads a device's history across minutes and days, oldest first, up to the limit", async () => {
      const store = new TelemetryStore(db);
      const c = new LampColumns();
      // Every 7 minutes for three days, from 23:00 on 1 December, arriving newest first.
      const start = Date.UTC(2026, 11, 1, 23, 0, 30);
      const times = Array.from({ length: Math.floor((3 * 1_440) / 7) }, (_, k) => start + k * 7 * 60_000);
      for (const t of [...times].reverse()) {
        c.add(t, 'lamp-h', 'p', { dev: 'x', level: 1 });
        c.add(t, 'lamp-other', 'p', { dev: 'y', level: 2 });
      }
      await store.insertLamps(c);
      const read = (from: number, to: number, limit: number) =>
        rawReadings<{ ts: Date | string }>(
          db,
          'dev_lamp_reading',
          'level',
          'lamp-h',
          new Date(from),
          new Date(to),
          limit,
        );
      const ms = (rows: Array<{ ts: Date | string }>) => rows.map((r) => new Date(r.ts).getTime());

      expect(ms(await read(start, start + 3 * 86_400_000, 10_000))).toEqual(times);
      // The limit across the day chunks: the oldest 300.
      expect(ms(await read(start - 86_400_000, start + 4 * 86_400_000, 300))).toEqual(times.slice(0, 300));
      // Bounds inside a minute: from is inclusive, to exclusive.
      expect(ms(await read(times[5]!, times[9]!, 100))).toEqual(times.slice(5, 9));
      expect(ms(await read(times[5]! + 1, times[9]! + 1, 100))).toEqual(times.slice(6, 10));
      expect(await read(start, start, 10)).toEqual([]);
    });

    it("compares the readings' device ids byte by byte, in every day's partition", async () => {
      // Each reading's entry in the device index is placed by ~20 comparisons of device ids:
      // under "C" a memcmp, under the database's locale a copy of both strings and strcoll.
      const store = new TelemetryStore(db);
      const lamps = new LampColumns();
      lamps.add(Date.UTC(2026, 11, 2, 8), 'lamp-late', 'p', { dev: 'x', level: 1 });
      await store.insertLamps(lamps);
      const sensors = new SensorColumns();
      sensors.add(Date.UTC(2026, 11, 2, 8), 'sensor-late', 'p', { dev: 'y', temperature: 1 });
      await store.insertSensors(sensors);
      const indexes = await db.query<{ table: string; collation: string }>(
        `select t.relname as table, coalesce(c.collname, 'none') as collation
           from pg_index i
           join pg_class t on t.oid = i.indrelid
           join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[1]
           left join pg_collation c on c.oid = i.indcollation[1]
          where t.relname like 'dev\\_%\\_reading%' and a.attname = 'device_id'
          order by 1`,
      );
      const tables = indexes.map((r) => r.table);
      expect(tables).toEqual(expect.arrayContaining(['dev_lamp_reading', 'dev_sensor_reading']));
      expect(tables).toEqual(
        expect.arrayContaining(['dev_lamp_reading_p20261202', 'dev_sensor_reading_p20261202']),
      );
      expect(indexes.filter((r) => r.collation !== 'C')).toEqual([]);
    });

    it("writes the rows of a statement in their devices' order, however they arrived", async () => {
      // The readings' index takes rows in its own order fastest (reading-order.ts).
      const store = new TelemetryStore(db);
      const c = new LampColumns();
      const at = Date.UTC(2026, 11, 5, 9);
      const devices = Array.from({ length: 300 }, (_, i) =>
        randomUUID().replace(/^..../, (i * 211).toString(16).padStart(4, '0')),
      );
      for (let round = 0; round < 3; round++)
        for (const id of devices) c.add(at + round * 1_000, id, 'p', { dev: 'x', level: round });
      await store.insertLamps(c);
      const rows = await db.query<{ device_id: string; level: number }>(
        'select device_id, level from dev_lamp_reading_p20261205 order by ctid',
      );
      expect(rows).toHaveLength(900);
      const prefixes = rows.map((r) => r.device_id.slice(0, 4));
      expect(prefixes).toEqual([...prefixes].sort());
      // A device's readings stay in the order they arrived.
      const first = rows.filter((r) => r.device_id === devices[0]).map((r) => r.level);
      expect(first).toEqual([0, 1, 2]);
    });

    it('stores sensor readings with their nulls', async () => {
      const store = new TelemetryStore(db);
      const s = new SensorColumns();
      const t = Date.UTC(2026, 10, 23, 8);
      s.add(t, 'env-1', 'p', { dev: 'e', temperature: -12.5, humidity: 55, pm25: 35, windDirection: 359.5 });
      await store.insertSensors(s);
      const rows = await db.query(
        `select device_id, temperature, humidity, pm25, pm10, noise, illuminance, wind_speed, wind_direction, pressure
           from dev_sensor_reading where device_id = 'env-1'`,
      );
      expect(rows).toEqual([
        {
          device_id: 'env-1',
          temperature: -12.5,
          humidity: 55,
          pm25: 35,
          pm10: null,
          noise: null,
          illuminance: null,
          wind_speed: null,
          wind_direction: 359.5,
          pressure: null,
        },
      ]);
    });
  });

  describe(`readings stored before the minute index [${variant.name}]`, () => {
    it('are given their minute by the migration and found by the history query', async () => {
      const handle = await variant.open();
      const before = fs.mkdtempSync(path.join(os.tmpdir(), 'ics-migrations-'));
      try {
        for (const m of listMigrations().filter((m) => m.version < 68))
          fs.copyFileSync(m.file, path.join(before, path.basename(m.file)));
        await migrate(handle.db, before);
        await handle.db.query(`create table dev_lamp_reading_p20261110 partition of dev_lamp_reading
          for values from ('2026-11-10T00:00:00Z') to ('2026-11-11T00:00:00Z')`);
        await handle.db.query(`insert into dev_lamp_reading (ts, device_id, level)
          select timestamptz '2026-11-10T08:00:00Z' + k * interval '50 seconds', 'lamp-old', k
            from generate_series(0, 9) k`);

        expect(await migrate(handle.db)).toContain('0068_reading_minute_device_index');
        const rows = await rawReadings<{ level: number }>(
          handle.db,
          'dev_lamp_reading',
          'level',
          'lamp-old',
          new Date(Date.UTC(2026, 10, 10, 8, 1)),
          new Date(Date.UTC(2026, 10, 10, 8, 5)),
          100,
        );
        // 08:01:40, :02:30, :03:20, :04:10
        expect(rows.map((r) => r.level)).toEqual([2, 3, 4, 5]);
      } finally {
        fs.rmSync(before, { recursive: true, force: true });
        await handle.drop();
      }
    });
  });
}
