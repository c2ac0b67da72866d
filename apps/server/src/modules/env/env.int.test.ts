import { topics } from '@ics/contract/server';
import ExcelJS from 'exceljs';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, describeWithApp, type TestApp } from '../../../test/harness';
import { until } from '../../../test/until';

const env = { MQTT_PORT: '0' };
const HOUR = 3_600_000;

type Gw = { id: string; sn: string; password: string };

async function gateway(ctx: TestApp, token: string, projectId: string, sn: string): Promise<Gw> {
  const res = await ctx.request({
    method: 'POST',
    url: '/ics/lighting/gateway/add',
    headers: auth(token),
    payload: { projectId, sn, name: `gw ${sn}` },
  });
  expect(res.status).toBe(200);
  return { id: res.body.result.id, sn, password: res.body.result.credentials.password };
}

const connect = (url: string, gw: Gw): Promise<MqttClient> =>
  mqtt.connectAsync(url, { clientId: gw.sn, username: gw.sn, password: gw.password, reconnectPeriod: 0 });

const send = (c: MqttClient, sn: string, kind: 'hello' | 'telemetry', body: unknown) =>
  c.publishAsync(topics.up(sn, kind), JSON.stringify(body), { qos: 1 });

const hello = (sensors: string[]) => ({
  v: 1,
  ts: Date.now(),
  model: 'ENV-GW',
  firmware: '1.0',
  heartbeat: 60,
  devices: sensors.map((dev) => ({ dev, kind: 'sensor' })),
});

describeWithApp(
  'environment monitoring',
  (ctx) => {
    let token: string;
    let viewer: string;
    let projectA: string;
    let projectB: string;
    let clients: MqttClient[] = [];
    const ids: Record<string, string> = {};
    const now = Date.now();
    const hourStart = Math.floor(now / HOUR) * HOUR;
    const iso = (ms: number) => new Date(ms).toISOString();

    const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) =>
      ctx().request({ method, url: `/ics${url}`, headers: auth(as), ...(payload ? { payload } : {}) });
    const series = (sensors: string[], metric: string, from: number, to: number, as = token) =>
      call(
        'GET',
        `/env/history/series?sensorIds=${sensors.join(',')}&metric=${metric}&from=${iso(from)}&to=${iso(to)}`,
        undefined,
        as,
      );

    /** What the database's other sessions wait on (PostgreSQL), for a set-up that times out. */
    const whatWaits = async () => {
      const rows = await ctx()
        .db.query<{ state: string; wait: string; query: string }>(
          `select state, coalesce(wait_event_type || ':' || wait_event, '') as wait, left(query, 100) as query
             from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
        .catch((error: Error) => [{ state: 'unknown', wait: '', query: error.message }]);
      const stored = await ctx()
        .db.query<{ n: number }>('select count(*)::int as n from dev_sensor_reading')
        .catch(() => [{ n: -1 }]);
      return `${stored[0]?.n} sensor readings stored; sessions: ${JSON.stringify(rows)}`;
    };

    beforeAll(async () => {
      await ctx().services.devices.start();
      token = await ctx().login();
      const [a, b] = await ctx().db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('Env A', 'ENVA'), ('Env B', 'ENVB') returning id`,
      );
      projectA = a!.id;
      projectB = b!.id;
      // The viewer reaches project A only, through the operations department.
      await ctx().db.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-ops')`, [
        projectA,
      ]);
      await ctx().createUser({ username: 'env-viewer', roles: ['role-viewer'], departs: ['dep-ops'] });
      ctx().clearCaches();
      viewer = await ctx().login('env-viewer');

      const url = ctx().services.devices.brokerUrl!;
      const gwA = await gateway(ctx(), token, projectA, 'GW-ENV-A');
      const gwB = await gateway(ctx(), token, projectB, 'GW-ENV-B');
      const [ca, cb] = await Promise.all([connect(url, gwA), connect(url, gwB)]);
      clients = [ca!, cb!];
      await send(ca!, gwA.sn, 'hello', hello(['S1', 'S2']));
      await send(cb!, gwB.sn, 'hello', hello(['S9']));
      // All three rows, not only a total of three: the page's rows and its count are two
      // statements, and while the hellos register, the count may already see a sensor the rows
      // did not (the history wait below then asked for an unknown sensor and timed out).
      const listed = await until(async () => {
        const res = await call('GET', '/env/sensor/live?pageSize=50');
        const records = res.body.result?.records as Array<{ address: string }> | undefined;
        return records?.length === 3 ? records : null;
      });
      for (const s of listed as Array<{ id: string; address: string }>) ids[s.address] = s.id;

      // History of S1: three readings in one hour a day ago, two in the next, one now.
      const at = (ms: number, pm25: number, extra: Record<string, number> = {}) => ({
        dev: 'S1',
        ts: ms,
        pm25,
        ...extra,
      });
      await send(ca!, gwA.sn, 'telemetry', {
        ts: now,
        readings: [
          at(hourStart - 26 * HOUR, 10),
          at(hourStart - 26 * HOUR + 600_000, 20),
          at(hourStart - 26 * HOUR + 1_200_000, 30),
          at(hourStart - 25 * HOUR, 40),
          at(hourStart - 25 * HOUR + 600_000, 60),
          at(now - 1000, 120, { pm10: 60, temperature: 21.5, humidity: 48, noise: 52.3, windSpeed: 3.2 }),
          { dev: 'S2', ts: now - 1000, pm25: 20, pm10: 30, temperature: 19 },
        ],
      });
      await send(cb!, gwB.sn, 'telemetry', { ts: now, readings: [{ dev: 'S9', ts: now - 1000, pm25: 300 }] });
      let lastAnswer = '';
      await until(async () => {
        const res = await series([ids.S1!], 'pm25', hourStart - 27 * HOUR, now + 1000);
        lastAnswer = `${res.status} ${JSON.stringify(res.body.result ?? res.body.message).slice(0, 600)}`;
        return res.body.result?.series?.[0]?.points.length === 6;
      }, 100_000).catch(async (error: Error) => {
        throw new Error(
          `${error.message}: S1's history not listed; last answer ${lastAnswer}; ${await whatWaits()}`,
        );
      });
      // The alarm sweeper reads the latest values from the state rows, written apart from the
      // history: wait for those too, or a sweep on a busy machine finds no value to judge.
      await until(async () => {
        const [row] = await ctx().db.query<{ n: number }>(
          `select count(*)::int as n from dev_state where device_id = any($1::text[]) and vals ? 'pm25'`,
          [[ids.S1, ids.S2, ids.S9]],
        );
        return row?.n === 3;
      }, 30_000).catch(async (error: Error) => {
        throw new Error(`${error.message}: the sensors' state rows not written; ${await whatWaits()}`);
      });
      await ctx().services.devices.rollup();
    }, 150_000);
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.endAsync()));
    });

    it('lists sensors with their latest values, air quality and online state', async () => {
      const res = await call('GET', `/env/sensor/live?projectId=${projectA}&column=address&order=asc`);
      expect(res.status).toBe(200);
      const [s1, s2] = res.body.result.records;
      expect(res.body.result.total).toBe(2);
      expect(s1).toMatchObject({
        address: 'S1',
        projectId: projectA,
        gatewaySn: 'GW-ENV-A',
        online: true,
        values: { pm25: 120, pm10: 60, temperature: 21.5, humidity: 48, noise: 52.3, windSpeed: 3.2 },
        airQuality: { aqi: 158, category: 'moderate', primary: 'pm25' },
        alarmCount: 0,
      });
      expect(Date.parse(s1.lastReport)).toBeGreaterThan(now - 60_000);
      expect(s2).toMatchObject({
        address: 'S2',
        airQuality: { aqi: 30, category: 'excellent', primary: null },
      });
      const keyword = await call('GET', '/env/sensor/live?keyword=S9');
      expect(keyword.body.result.records.map((s: { address: string }) => s.address)).toEqual(['S9']);
    });

    it("limits sensors, history and thresholds to the caller's projects", async () => {
      const list = await call('GET', '/env/sensor/live?pageSize=50', undefined, viewer);
      expect(list.status).toBe(200);
      expect(list.body.result.records.map((s: { address: string }) => s.address).sort()).toEqual([
        'S1',
        'S2',
      ]);
      const foreign = await series([ids.S9!], 'pm25', now - HOUR, now + 1000, viewer);
      expect(foreign.status).toBe(404);
      const mixed = await series([ids.S1!, ids.S9!], 'pm25', now - HOUR, now + 1000, viewer);
      expect(mixed.status).toBe(404);
      const thresholds = await call('GET', `/env/threshold/list?projectId=${projectB}`, undefined, viewer);
      expect(thresholds.status).toBe(404);
      expect(thresholds.body.errorCode).toBe('env.project_not_found');
    });

    it('answers raw readings up to two days, with min, average and max', async () => {
      const res = await series([ids.S1!], 'pm25', hourStart - 27 * HOUR, now + 1000);
      expect(res.status).toBe(200);
      expect(res.body.result.granularity).toBe('raw');
      const [s] = res.body.result.series;
      expect(s.points.map((p: [number, number]) => p[1])).toEqual([10, 20, 30, 40, 60, 120]);
      expect(s.points[0][0]).toBe(hourStart - 26 * HOUR);
      expect([s.min, s.avg, s.max]).toEqual([10, 46.67, 120]);
    });

    it('answers hourly averages beyond two days and daily ones beyond 60', async () => {
      const hourly = await series([ids.S1!], 'pm25', hourStart - 50 * HOUR, now + 1000);
      expect(hourly.body.result.granularity).toBe('hour');
      const [h] = hourly.body.result.series;
      expect(h.points).toEqual([
        [hourStart - 26 * HOUR, 20],
        [hourStart - 25 * HOUR, 50],
        [hourStart, 120],
      ]);
      // PM2.5 rollups keep the average and the maximum: the minimum is the lowest hourly average.
      expect([h.min, h.avg, h.max]).toEqual([20, 46.67, 120]);
      const daily = await series([ids.S1!], 'pm25', now - 90 * 24 * HOUR, now + 1000);
      expect(daily.body.result.granularity).toBe('day');
      const [d] = daily.body.result.series;
      expect(d.points.length).toBeGreaterThanOrEqual(1);
      expect([d.avg, d.max]).toEqual([46.67, 120]);
      // A granularity asked for is the one answered.
      const forced = await call(
        'GET',
        `/env/history/series?sensorIds=${ids.S1}&metric=pm25&from=${iso(hourStart - 27 * HOUR)}&to=${iso(now + 1000)}&granularity=hour`,
      );
      expect(forced.body.result.granularity).toBe('hour');
      expect(forced.body.result.series[0].points).toHaveLength(3);
    });

    it('compares several sensors, each its own series', async () => {
      const res = await series([ids.S1!, ids.S2!], 'temperature', now - HOUR, now + 1000);
      expect(
        res.body.result.series.map((s: { sensorId: string; points: unknown[] }) => [
          s.sensorId,
          s.points.length,
        ]),
      ).toEqual([
        [ids.S1, 1],
        [ids.S2, 1],
      ]);
      expect(res.body.result.series[1]).toMatchObject({ sensorName: 'S2', min: 19, avg: 19, max: 19 });
    });

    it('refuses bad history requests with 400', async () => {
      const reversed = await series([ids.S1!], 'pm25', now, now - HOUR);
      expect(reversed.status).toBe(400);
      const tooLong = await series([ids.S1!], 'pm25', now - 400 * 24 * HOUR, now);
      expect(tooLong.status).toBe(400);
      const many = await series(
        Array.from({ length: 9 }, (_, i) => `s${i}`),
        'pm25',
        now - HOUR,
        now,
      );
      expect(many.status).toBe(400);
      const metric = await series([ids.S1!], 'ozone', now - HOUR, now);
      expect(metric.status).toBe(400);
      const unknown = await series(['no-such-sensor'], 'pm25', now - HOUR, now);
      expect(unknown.status).toBe(404);
    });

    it('exports a series as .xlsx', async () => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/ics/env/history/exportXls?sensorIds=${ids.S1},${ids.S2}&metric=pm25&from=${iso(hourStart - 27 * HOUR)}&to=${iso(now + 1000)}`,
        headers: { ...auth(token), 'accept-language': 'en-US' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([undefined, 'Sensor', 'Time', 'PM2.5 (µg/m³)']);
      expect(sheet.rowCount).toBe(1 + 6 + 1);
      expect(sheet.getRow(2).values).toEqual([undefined, 'S1', iso(hourStart - 26 * HOUR), 10]);
    });

    it('keeps thresholds per project and per sensor, validated, for editors only', async () => {
      const projectWide = await call('PUT', '/env/threshold/save', {
        projectId: projectA,
        metric: 'pm25',
        comparison: 'gt',
        value: 75,
        severity: 'major',
      });
      expect(projectWide.status).toBe(200);
      expect(projectWide.body.result).toMatchObject({
        type: 'threshold',
        code: 'pm25_high',
        severity: 'major',
        enabled: true,
        params: {
          sensorId: null,
          metric: 'pm25',
          comparison: 'gt',
          value: 75,
          durationSeconds: 60,
          hysteresis: 0,
        },
      });
      const own = await call('PUT', '/env/threshold/save', {
        projectId: projectA,
        sensorId: ids.S1,
        metric: 'pm25',
        comparison: 'gt',
        value: 50,
        durationSeconds: 120,
        hysteresis: 5,
      });
      expect(own.status).toBe(200);

      const duplicate = await call('PUT', '/env/threshold/save', {
        projectId: projectA,
        metric: 'pm25',
        comparison: 'gt',
        value: 80,
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.errorCode).toBe('env.threshold_exists');
      const foreignSensor = await call('PUT', '/env/threshold/save', {
        projectId: projectA,
        sensorId: ids.S9,
        metric: 'pm25',
        comparison: 'gt',
        value: 80,
      });
      expect(foreignSensor.status).toBe(400);
      expect(foreignSensor.body.errorCode).toBe('env.sensor_not_in_project');
      for (const bad of [
        { projectId: projectA, metric: 'pm25', comparison: 'gt', value: 'high' },
        { projectId: projectA, metric: 'pm25', comparison: 'ge', value: 1 },
        { projectId: projectA, metric: 'pm25', comparison: 'gt', value: 1, durationSeconds: -1 },
        { projectId: projectA, metric: 'pm25', comparison: 'gt', value: 1, severity: 'fatal' },
        { metric: 'pm25', comparison: 'gt', value: 1 },
      ]) {
        const res = await call('PUT', '/env/threshold/save', bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
      }
      const unknownProject = await call('PUT', '/env/threshold/save', {
        projectId: 'no-such-project',
        metric: 'pm25',
        comparison: 'gt',
        value: 1,
      });
      expect(unknownProject.status).toBe(404);
      const viewerSave = await call(
        'PUT',
        '/env/threshold/save',
        { projectId: projectA, metric: 'noise', comparison: 'gt', value: 70 },
        viewer,
      );
      expect(viewerSave.status).toBe(403);
      const viewerDelete = await call(
        'DELETE',
        `/env/threshold/delete?id=${own.body.result.id}`,
        undefined,
        viewer,
      );
      expect(viewerDelete.status).toBe(403);

      // Asked about S1, the project's limit is inherited; S1's own is not.
      const forS1 = await call(
        'GET',
        `/env/threshold/list?projectId=${projectA}&sensorId=${ids.S1}`,
        undefined,
        viewer,
      );
      expect(forS1.status).toBe(200);
      expect(forS1.body.result.map((t: { id: string; inherited: boolean }) => [t.id, t.inherited])).toEqual([
        [projectWide.body.result.id, true],
        [own.body.result.id, false],
      ]);
      // What the alarm module reads: S1 is held to its own limit, S2 to the project's.
      const thresholds = ctx().services.env.thresholds;
      expect((await thresholds.forSensor(ids.S1!)).map((t) => [t.value, t.hysteresis])).toEqual([[50, 5]]);
      expect((await thresholds.forSensor(ids.S2!)).map((t) => t.value)).toEqual([75]);
      expect(await thresholds.forSensor(ids.S9!)).toEqual([]);
      expect(await thresholds.thresholdsFor(projectA)).toHaveLength(2);

      // Editing changes the row in place and tells listeners; an id of another project is not found.
      const changed: string[] = [];
      thresholds.onChanged((e) => void changed.push(e.projectId));
      const edit = await call('PUT', '/env/threshold/save', {
        id: own.body.result.id,
        projectId: projectA,
        sensorId: ids.S1,
        metric: 'pm25',
        comparison: 'gt',
        value: 55,
        enabled: false,
      });
      expect(edit.status).toBe(200);
      expect(edit.body.result).toMatchObject({
        id: own.body.result.id,
        enabled: false,
        params: { value: 55 },
      });
      expect(changed).toEqual([projectA]);
      // Disabled, S1's own limit no longer holds and is not replaced by the project's.
      expect(await thresholds.forSensor(ids.S1!)).toEqual([]);
      const elsewhere = await call('PUT', '/env/threshold/save', {
        id: own.body.result.id,
        projectId: projectB,
        metric: 'pm25',
        comparison: 'gt',
        value: 55,
      });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.errorCode).toBe('env.threshold_not_found');

      const removed = await call('DELETE', `/env/threshold/delete?id=${own.body.result.id}`);
      expect(removed.status).toBe(200);
      const again = await call('DELETE', `/env/threshold/delete?id=${own.body.result.id}`);
      expect(again.status).toBe(404);
      const left = await call('GET', `/env/threshold/list?projectId=${projectA}`);
      expect(left.body.result.map((t: { id: string }) => t.id)).toEqual([projectWide.body.result.id]);
      expect(changed).toEqual([projectA, projectA]);
    });

    it('raises and clears alarms from the thresholds, with their severity and duration', async () => {
      const sweep = (at: number) => ctx().services.alarm.sweeper.sweep(new Date(at));
      type Alarm = { code: string; severity: string; cleared: boolean; detail: Record<string, unknown> };
      const alarmsOf = async (sensor: string): Promise<Alarm[]> => {
        const res = await call('GET', `/alarm/list?deviceId=${sensor}&pageSize=50`);
        expect(res.status).toBe(200);
        return res.body.result.records;
      };
      const alarmCounts = async () => {
        const res = await call('GET', '/env/sensor/live?pageSize=50');
        return Object.fromEntries(
          res.body.result.records.map((s: { address: string; alarmCount: number }) => [
            s.address,
            s.alarmCount,
          ]),
        );
      };
      // S1's noise (52.3) is under the seeded rule (70) but over its own limit, raised at once.
      const noise = await call('PUT', '/env/threshold/save', {
        projectId: projectA,
        sensorId: ids.S1,
        metric: 'noise',
        comparison: 'gt',
        value: 50,
        severity: 'critical',
        durationSeconds: 0,
        hysteresis: 1,
      });
      expect(noise.status).toBe(200);
      const t0 = Date.now();
      await sweep(t0);
      expect(await alarmsOf(ids.S1!)).toEqual([
        expect.objectContaining({
          code: 'noise_high',
          severity: 'critical',
          cleared: false,
          detail: expect.objectContaining({ metric: 'noise', value: 52.3, limit: 50 }),
        }),
      ]);
      // The project's pm25 limit (75, major, 60 s) waits out its duration; S9 (project B) is held
      // to the seeded rule's 600 s and S2 is within every limit.
      await sweep(t0 + 61_000);
      const s1 = await alarmsOf(ids.S1!);
      expect(s1.map((a) => [a.code, a.severity]).sort()).toEqual([
        ['noise_high', 'critical'],
        ['pm25_high', 'major'],
      ]);
      expect(await alarmsOf(ids.S9!)).toEqual([]);
      expect(await alarmCounts()).toEqual({ S1: 2, S2: 0, S9: 0 });

      // Switched off, the noise limit's alarm clears; removed, the pm25 limit gives way to the
      // seeded rule (150), which S1's 120 is within: that alarm clears too.
      const off = await call('PUT', '/env/threshold/save', {
        id: noise.body.result.id,
        projectId: projectA,
        sensorId: ids.S1,
        metric: 'noise',
        comparison: 'gt',
        value: 50,
        enabled: false,
      });
      expect(off.status).toBe(200);
      const wide = await call('GET', `/env/threshold/list?projectId=${projectA}`);
      const pm25 = wide.body.result.find(
        (t: { code: string; params: { sensorId: string | null } }) =>
          t.code === 'pm25_high' && t.params.sensorId === null,
      );
      expect((await call('DELETE', `/env/threshold/delete?id=${pm25.id}`)).status).toBe(200);
      await sweep(t0 + 62_000);
      expect((await alarmsOf(ids.S1!)).map((a) => [a.code, a.cleared]).sort()).toEqual([
        ['noise_high', true],
        ['pm25_high', true],
      ]);
    });
  },
  env,
);
