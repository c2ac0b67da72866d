import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { topics } from '@ics/contract/server';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auth, describeWithApp } from '../../../test/harness';
import { until } from '../../../test/until';
import { localParts, sunTimes } from '../lighting';
import { SIGNATURE_HEADER, sign } from './webhook.service';

const env = { MQTT_PORT: '0', ICS_DEVICE_OFFLINE_SECONDS: '60', ICS_DEVICE_STATE_WRITE_MS: '100' };

type Gw = { id: string; sn: string; password: string };
type Alarm = {
  id: string;
  code: string;
  type: string;
  severity: string;
  status: string;
  cleared: boolean;
  closed: boolean;
  count: number;
  parentId: string | null;
  childCount: number;
  sourceKind: string;
  sourceId: string;
  sourceName: string | null;
  deviceId: string | null;
  escalatedAt: string | null;
  detail: Record<string, unknown>;
};

const send = (c: MqttClient, sn: string, kind: Parameters<typeof topics.up>[1], body: unknown) =>
  c.publishAsync(topics.up(sn, kind), JSON.stringify(body), { qos: 1 });

describeWithApp(
  'alarms',
  (ctx) => {
    let token: string;
    let url: string;
    let projectId: string;
    let otherProjectId: string;
    let gw: Gw;
    let client: MqttClient;
    let lamp1: string;
    let lamp2: string;
    let sensor: string;

    const api = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      payload?: unknown,
      as = token,
    ) => ctx().request({ method, url: `/ics${path}`, headers: auth(as), ...(payload ? { payload } : {}) });
    const list = async (query: string, as = token): Promise<{ records: Alarm[]; total: number }> => {
      const res = await api('GET', `/alarm/list?pageSize=100&${query}`, undefined, as);
      expect(res.status).toBe(200);
      return res.body.result;
    };
    const alarmOf = async (sourceId: string, code: string, status = 'all'): Promise<Alarm[]> =>
      (await list(`sourceId=${sourceId}&code=${code}&status=${status}`)).records;
    /** The alarm module's sweep, as the leader runs it, at `at`. */
    const sweep = (at = new Date()) => ctx().services.alarm.sweeper.sweep(at);
    const flush = () => ctx().services.alarm.source.flush();
    const lampFaults = async (dev: string, faults: string[]) => {
      await send(client, gw.sn, 'telemetry', {
        ts: Date.now(),
        readings: [{ dev, on: true, level: 50, faults }],
      });
    };

    beforeAll(async () => {
      await ctx().services.devices.start();
      url = ctx().services.devices.brokerUrl!;
      token = await ctx().login();
      const [p] = await ctx().db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('Alarm P', 'ALARM-P') returning id`,
      );
      const [o] = await ctx().db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('Alarm O', 'ALARM-O') returning id`,
      );
      projectId = p!.id;
      otherProjectId = o!.id;
      await ctx().db.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-monitor')`, [
        otherProjectId,
      ]);
      await ctx().db.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-ops')`, [
        projectId,
      ]);
      const res = await api('POST', '/lighting/gateway/add', { projectId, sn: 'GW-ALM', name: 'gw alarm' });
      expect(res.status).toBe(200);
      gw = { id: res.body.result.id, sn: 'GW-ALM', password: res.body.result.credentials.password };
      client = await mqtt.connectAsync(url, {
        clientId: `${gw.sn}:t`,
        username: gw.sn,
        password: gw.password,
        reconnectPeriod: 0,
      });
      await send(client, gw.sn, 'hello', {
        v: 1,
        ts: Date.now(),
        model: 'X1',
        firmware: '1',
        heartbeat: 30,
        devices: [
          { dev: 'L1', kind: 'lamp' },
          { dev: 'L2', kind: 'lamp' },
          { dev: 'S1', kind: 'sensor' },
        ],
      });
      const devices = await until(async () => {
        const rows = await ctx().db.query<{ id: string; address: string }>(
          `select id, address from dev_device where gateway_id = $1`,
          [gw.id],
        );
        return rows.length === 3 ? rows : null;
      });
      const byAddress = new Map(devices.map((d) => [d.address, d.id]));
      lamp1 = byAddress.get('L1')!;
      lamp2 = byAddress.get('L2')!;
      sensor = byAddress.get('S1')!;
    });
    afterAll(async () => {
      await client?.endAsync();
    });

    it('raises an alarm when a lamp reports a fault flag, repeats it, clears it, and closes it once resolved', async () => {
      await lampFaults('L1', ['lampFailure']);
      const [raised] = await until(async () => {
        await flush();
        const rows = await alarmOf(lamp1, 'lampFailure');
        return rows.length ? rows : null;
      });
      expect(raised).toMatchObject({
        type: 'fault',
        severity: 'major',
        status: 'open',
        cleared: false,
        count: 1,
        sourceKind: 'device',
        sourceName: 'L1',
        deviceId: lamp1,
      });

      // Gone, then back: the same alarm, counted twice.
      await lampFaults('L1', []);
      await until(async () => {
        await flush();
        return (await alarmOf(lamp1, 'lampFailure'))[0]?.cleared ? true : null;
      });
      await lampFaults('L1', ['lampFailure']);
      const [again] = await until(async () => {
        await flush();
        const rows = await alarmOf(lamp1, 'lampFailure');
        return rows[0] && !rows[0].cleared ? rows : null;
      });
      expect(again).toMatchObject({ id: raised!.id, count: 2, cleared: false });
      expect(await alarmOf(lamp1, 'lampFailure')).toHaveLength(1);

      const counts = await api('GET', `/alarm/counts?projectId=${projectId}`);
      expect(counts.body.result).toMatchObject({ open: 1, bySeverity: { major: 1 } });

      // Acknowledged and resolved with comments; closed once the lamp stops reporting it.
      expect((await api('POST', '/alarm/ack', { ids: [raised!.id], comment: 'on it' })).body.result).toEqual({
        count: 1,
      });
      expect((await api('POST', '/alarm/ack', { ids: [raised!.id] })).status).toBe(409);
      expect((await api('POST', '/alarm/resolve', { ids: [raised!.id], comment: 'replaced' })).status).toBe(
        200,
      );
      expect((await alarmOf(lamp1, 'lampFailure'))[0]).toMatchObject({ status: 'resolved', closed: false });
      await lampFaults('L1', []);
      await until(async () => {
        await flush();
        return (await alarmOf(lamp1, 'lampFailure'))[0]?.closed ? true : null;
      });
      expect((await list(`projectId=${projectId}`)).records.find((a) => a.id === raised!.id)).toBeUndefined();
      expect((await list(`projectId=${projectId}&status=closed`)).records.map((a) => a.id)).toContain(
        raised!.id,
      );

      const detail = await api('GET', `/alarm/queryById?id=${raised!.id}`);
      expect(detail.body.result.events.map((e: { action: string }) => e.action)).toEqual([
        'raised',
        'cleared',
        'repeated',
        'acknowledged',
        'resolved',
        'cleared',
      ]);
      expect(
        detail.body.result.events.find((e: { action: string }) => e.action === 'acknowledged'),
      ).toMatchObject({
        actor: 'admin',
        comment: 'on it',
      });

      // A fault after closing is a new alarm.
      await lampFaults('L1', ['lampFailure']);
      const rows = await until(async () => {
        await flush();
        const all = await alarmOf(lamp1, 'lampFailure');
        return all.length === 2 ? all : null;
      });
      expect(rows.filter((a) => !a.closed)).toHaveLength(1);
    });

    it('comments on the timeline and refuses bad input without writing anything', async () => {
      const [alarm] = await alarmOf(lamp1, 'lampFailure', 'active');
      const res = await api('POST', '/alarm/comment', { id: alarm!.id, comment: 'truck sent' });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ action: 'commented', comment: 'truck sent', actor: 'admin' });
      expect((await api('POST', '/alarm/comment', { id: alarm!.id, comment: '' })).status).toBe(400);
      expect((await api('POST', '/alarm/ack', { ids: [] })).status).toBe(400);
      expect((await api('POST', '/alarm/ack', { ids: ['nope'] })).status).toBe(404);
      expect((await api('GET', '/alarm/list?status=bogus')).status).toBe(400);
      expect((await api('GET', '/alarm/queryById?id=nope')).status).toBe(404);
    });

    it('raises a gateway offline alarm after its grace period, folds its lamps’ alarms under it, and resolves them together', async () => {
      await lampFaults('L2', ['relayFailure']);
      await until(async () => {
        await flush();
        return (await alarmOf(lamp2, 'relayFailure', 'active')).length ? true : null;
      });
      const save = await api('PUT', '/alarm/rule/save', {
        projectId,
        type: 'offline',
        code: 'gateway_offline',
        enabled: true,
        severity: 'critical',
        params: { graceSeconds: 30 },
      });
      expect(save.status).toBe(200);

      await client.endAsync();
      await until(async () => {
        const [g] = await ctx().db.query<{ online: boolean }>(
          'select online from dev_gateway where id = $1',
          [gw.id],
        );
        return g && !g.online ? true : null;
      });
      await flush();
      await sweep();
      // Within the grace period: pending, no alarm.
      expect(await alarmOf(gw.id, 'gateway_offline')).toHaveLength(0);
      await sweep(new Date(Date.now() + 31_000));
      const [parent] = await alarmOf(gw.id, 'gateway_offline', 'active');
      expect(parent).toMatchObject({ severity: 'critical', sourceKind: 'gateway', childCount: 2 });

      // The top level shows the gateway alarm with its children; the children list under it.
      const top = (await list(`projectId=${projectId}`)).records;
      expect(top.map((a) => a.code)).toEqual(['gateway_offline']);
      const children = (await list(`parentId=${parent!.id}`)).records;
      expect(children.map((a) => a.code).sort()).toEqual(['lampFailure', 'relayFailure']);

      const resolved = await api('POST', '/alarm/resolve', { ids: [parent!.id], comment: 'power restored' });
      expect(resolved.body.result).toEqual({ count: 3 });
      expect(
        (await list(`parentId=${parent!.id}&status=all`)).records.every((a) => a.status === 'resolved'),
      ).toBe(true);

      // Back online: the gateway's alarm clears (and closes, being resolved).
      client = await mqtt.connectAsync(url, {
        clientId: `${gw.sn}:t2`,
        username: gw.sn,
        password: gw.password,
        reconnectPeriod: 0,
      });
      await send(client, gw.sn, 'heartbeat', { ts: Date.now(), offline: [] });
      await until(async () => {
        await flush();
        await sweep();
        return (await alarmOf(gw.id, 'gateway_offline'))[0]?.closed ? true : null;
      });
    });

    it('raises a sensor threshold alarm after its duration and clears it past the hysteresis', async () => {
      const rule = await api('PUT', '/alarm/rule/save', {
        projectId,
        type: 'threshold',
        code: 'pm25_high',
        enabled: true,
        severity: 'major',
        params: { metric: 'pm25', comparison: 'gt', value: 100, durationSeconds: 60, hysteresis: 10 },
      });
      expect(rule.status).toBe(200);
      const reading = async (pm25: number) => {
        await send(client, gw.sn, 'telemetry', { ts: Date.now(), readings: [{ dev: 'S1', pm25 }] });
        await until(async () => {
          const [s] = await ctx().db.query<{ v: number }>(
            `select (vals->>'pm25')::float as v from dev_state where device_id = $1`,
            [sensor],
          );
          return s?.v === pm25 ? true : null;
        });
      };
      await reading(180);
      await sweep();
      expect(await alarmOf(sensor, 'pm25_high')).toHaveLength(0);
      await sweep(new Date(Date.now() + 61_000));
      const [raised] = await alarmOf(sensor, 'pm25_high', 'active');
      expect(raised).toMatchObject({ type: 'threshold', severity: 'major', cleared: false });
      expect(raised!.detail).toMatchObject({ metric: 'pm25', value: 180, limit: 100 });

      // Below the limit but within the hysteresis band: still active; below it: cleared.
      await reading(95);
      await sweep();
      expect((await alarmOf(sensor, 'pm25_high'))[0]!.cleared).toBe(false);
      await reading(80);
      await sweep();
      expect((await alarmOf(sensor, 'pm25_high'))[0]!.cleared).toBe(true);

      // A short spike shorter than the duration raises nothing.
      await reading(180);
      await sweep();
      await reading(50);
      await sweep();
      await sweep(new Date(Date.now() + 61_000));
      expect(await alarmOf(sensor, 'pm25_high')).toHaveLength(1);
    });

    it('escalates an alarm left unacknowledged to the rule’s user', async () => {
      const escalateTo = await ctx().createUser({ username: 'alarm-boss', roles: ['role-operator'] });
      const save = await api('PUT', '/alarm/rule/save', {
        projectId,
        type: 'fault',
        code: 'highVoltage',
        enabled: true,
        severity: 'minor',
        params: {},
        escalateAfterMinutes: 10,
        escalateUserId: escalateTo,
      });
      expect(save.status).toBe(200);
      await lampFaults('L2', ['highVoltage']);
      const [alarm] = await until(async () => {
        await flush();
        const rows = await alarmOf(lamp2, 'highVoltage', 'active');
        return rows.length ? rows : null;
      });
      expect(alarm!.severity).toBe('minor');
      await sweep(new Date(Date.now() + 5 * 60_000));
      expect((await alarmOf(lamp2, 'highVoltage'))[0]!.escalatedAt).toBeNull();
      await sweep(new Date(Date.now() + 11 * 60_000));
      const [escalated] = await alarmOf(lamp2, 'highVoltage');
      expect(escalated!.escalatedAt).not.toBeNull();
      const detail = await api('GET', `/alarm/queryById?id=${alarm!.id}`);
      expect(detail.body.result.events.at(-1)).toMatchObject({
        action: 'escalated',
        detail: { userId: escalateTo },
      });
      // Once only.
      await sweep(new Date(Date.now() + 20 * 60_000));
      const again = await api('GET', `/alarm/queryById?id=${alarm!.id}`);
      expect(
        again.body.result.events.filter((e: { action: string }) => e.action === 'escalated'),
      ).toHaveLength(1);
    });

    it('lists rules with what a project inherits, and resets a project’s own rule', async () => {
      const rules = (await api('GET', `/alarm/rule/list?projectId=${projectId}&type=offline`)).body.result;
      const own = rules.find((r: { code: string }) => r.code === 'gateway_offline');
      expect(own).toMatchObject({ projectId, inherited: false, params: { graceSeconds: 30 } });
      expect(rules.find((r: { code: string }) => r.code === 'device_offline')).toMatchObject({
        projectId: null,
        inherited: true,
      });
      expect((await api('DELETE', `/alarm/rule/reset?id=${own.id}`)).status).toBe(200);
      const after = (await api('GET', `/alarm/rule/list?projectId=${projectId}&type=offline`)).body.result;
      expect(after.find((r: { code: string }) => r.code === 'gateway_offline')).toMatchObject({
        inherited: true,
      });
      const bad = await api('PUT', '/alarm/rule/save', {
        projectId,
        type: 'threshold',
        code: 'x_high',
        enabled: true,
        severity: 'major',
        params: { metric: 'nonsense', comparison: 'gt', value: 1 },
      });
      expect(bad.status).toBe(400);
      const wrongCode = await api('PUT', '/alarm/rule/save', {
        projectId,
        type: 'offline',
        code: 'lampFailure',
        enabled: true,
        severity: 'major',
      });
      expect(wrongCode.status).toBe(400);
      const noSuchUser = await api('PUT', '/alarm/rule/save', {
        projectId,
        type: 'fault',
        code: 'lampFailure',
        enabled: true,
        severity: 'major',
        escalateAfterMinutes: 5,
        escalateUserId: 'nobody-here',
      });
      expect(noSuchUser.status).toBe(400);
      expect(noSuchUser.body.errorCode).toBe('alarm.rule_user_not_found');
    });

    it('pushes raised alarms to the consoles of the project’s users who may see alarms, and no one else', async () => {
      await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `ws://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}/ics/websocket`;
      const open = async (username: string, departs: string[], roles: string[]) => {
        const id = await ctx().createUser({ username, roles, departs });
        const userToken = await ctx().login(username);
        const inbox: Array<{
          cmd: string;
          kind?: string;
          alarms?: Array<{ code: string; severity: string }>;
        }> = [];
        const ws = new WebSocket(`${origin}/${id}?token=${userToken}`);
        ws.on('message', (data) => inbox.push(JSON.parse(String(data))));
        await new Promise((resolve, reject) => {
          ws.once('open', resolve);
          ws.once('error', reject);
        });
        return { ws, alarms: () => inbox.filter((m) => m.cmd === 'alarm') };
      };
      const watcher = await open('push-viewer', ['dep-ops'], ['role-viewer']);
      const unmarked = await open('push-unmarked', ['dep-ops'], []);
      const stranger = await open('push-stranger', ['dep-monitor'], ['role-operator']);
      ctx().clearCaches();
      try {
        await lampFaults('L2', ['relayFailure', 'lowCurrent']);
        const pushed = await until(async () => {
          await flush();
          return watcher.alarms().find((m) => m.alarms?.some((a) => a.code === 'lowCurrent')) ?? null;
        });
        expect(pushed).toMatchObject({ cmd: 'alarm', kind: 'raised', projectId });
        expect(pushed.alarms!.find((a) => a.code === 'lowCurrent')).toMatchObject({ severity: 'minor' });
        await new Promise((r) => setTimeout(r, 300));
        expect(unmarked.alarms()).toEqual([]);
        expect(stranger.alarms()).toEqual([]);
      } finally {
        for (const c of [watcher, unmarked, stranger]) c.ws.close();
      }
    });

    it('refuses users without the marks and shows a user of another project nothing', async () => {
      await ctx().createUser({ username: 'alarm-viewer', roles: ['role-viewer'], departs: ['dep-ops'] });
      await ctx().createUser({ username: 'alarm-other', roles: ['role-operator'], departs: ['dep-monitor'] });
      await ctx().createUser({ username: 'alarm-nobody', roles: [], departs: ['dep-ops'] });
      const viewer = await ctx().login('alarm-viewer');
      const other = await ctx().login('alarm-other');
      const nobody = await ctx().login('alarm-nobody');
      const [active] = await alarmOf(lamp2, 'highVoltage', 'active');

      expect((await list(`projectId=${projectId}`, viewer)).total).toBeGreaterThan(0);
      expect((await api('POST', '/alarm/ack', { ids: [active!.id] }, viewer)).status).toBe(403);
      expect(
        (
          await api(
            'PUT',
            '/alarm/rule/save',
            { projectId, type: 'fault', code: 'lampFailure', enabled: false, severity: 'minor' },
            viewer,
          )
        ).status,
      ).toBe(403);
      expect((await api('GET', '/alarm/list', undefined, nobody)).status).toBe(403);

      expect((await list('', other)).total).toBe(0);
      expect((await api('GET', `/alarm/queryById?id=${active!.id}`, undefined, other)).status).toBe(404);
      expect((await api('POST', '/alarm/ack', { ids: [active!.id] }, other)).status).toBe(404);
      const counts = (await api('GET', '/alarm/counts', undefined, other)).body.result;
      expect(counts).toMatchObject({ open: 0, acknowledged: 0, resolvedActive: 0 });
    });

    it('exports the list as .xlsx', async () => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/ics/alarm/exportXls?projectId=${projectId}&status=all`,
        headers: auth(token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });

    it('delivers signed webhooks, retrying with back-off until the receiver takes them', async () => {
      const received: Array<{ body: string; signature: string | undefined }> = [];
      let failuresLeft = 2;
      const server: Server = createServer((req: IncomingMessage, res) => {
        let body = '';
        req.on('data', (c) => {
          body += c;
        });
        req.on('end', () => {
          if (failuresLeft > 0) {
            failuresLeft--;
            res.writeHead(503).end();
            return;
          }
          received.push({ body, signature: req.headers[SIGNATURE_HEADER] as string | undefined });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const port = (server.address() as AddressInfo).port;
        const secret = 'a-webhook-secret-of-some-length';
        const webhooks = ctx().services.alarm.webhooks;
        webhooks.options.retryBaseMs = 50;
        const add = await api('POST', '/alarm/webhook/add', {
          projectId,
          url: `http://127.0.0.1:${port}/hook`,
          secret,
          minSeverity: 'major',
        });
        expect(add.status).toBe(200);
        expect(add.body.result.secret).toBeUndefined();
        const hookId = add.body.result.id;

        await lampFaults('L1', ['lampFailure', 'supplyLoss']);
        await until(async () => {
          await flush();
          return (await alarmOf(lamp1, 'supplyLoss', 'active')).length ? true : null;
        });
        await until(async () => {
          await webhooks.sendDue();
          return received.length >= 1 ? true : null;
        });
        const [first] = received;
        expect(first!.signature).toBe(sign(secret, first!.body));
        const payload = JSON.parse(first!.body);
        expect(payload).toMatchObject({
          event: 'raised',
          alarm: { code: 'supplyLoss', severity: 'critical' },
        });

        const deliveries = (await api('GET', `/alarm/webhook/deliveries?webhookId=${hookId}`)).body.result;
        expect(deliveries.records[0]).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 204 });

        const test = await api('POST', '/alarm/webhook/test', { id: hookId });
        expect(test.body.result).toMatchObject({ status: 'delivered', attempts: 1 });
        // The list tells how each hook's latest delivery went, and never its secret.
        const [listed] = (await api('GET', `/alarm/webhook/list?projectId=${projectId}`)).body.result;
        expect(listed).toMatchObject({ id: hookId, lastDelivery: { status: 'delivered', lastStatus: 204 } });
        expect(listed.secret).toBeUndefined();
        const short = await api('POST', '/alarm/webhook/add', {
          projectId,
          url: 'https://x.test/h',
          secret: 'short',
        });
        expect(short.status).toBe(400);

        const other = await ctx().login('alarm-other');
        expect(
          (await api('GET', `/alarm/webhook/list?projectId=${projectId}`, undefined, other)).status,
        ).toBe(404);
        const bad = await api('POST', '/alarm/webhook/add', { projectId, url: 'ftp://x', secret });
        expect(bad.status).toBe(400);
      } finally {
        server.close();
      }
    });

    it('raises lamp anomalies: power outside its band at its level, burning while the sun is up; clears them', async () => {
      await ctx().db.query(
        `update sys_project set time_zone = 'Asia/Shanghai', latitude = 31.23, longitude = 121.47 where id = $1`,
        [projectId],
      );
      ctx().clearCaches();
      const lit = async (power: number) => {
        await send(client, gw.sn, 'telemetry', {
          ts: Date.now(),
          readings: [
            { dev: 'L1', on: true, level: 50, power },
            { dev: 'L2', on: false, level: 0, power: 0 },
          ],
        });
        await until(async () => {
          const [s] = await ctx().db.query<{ p: number }>(
            `select (vals->>'power')::float as p from dev_state where device_id = $1`,
            [lamp1],
          );
          return s?.p === power ? true : null;
        });
      };
      const save = await api('PUT', '/alarm/rule/save', {
        projectId,
        type: 'anomaly',
        code: 'power_deviation',
        enabled: true,
        severity: 'warning',
        params: { value: 100, tolerancePercent: 20 },
      });
      expect(save.status).toBe(200);
      const { date } = localParts(Date.now(), 'Asia/Shanghai');
      const sun = sunTimes(date, 31.23, 121.47, 'Asia/Shanghai');
      const noon = new Date((sun.sunrise! + sun.sunset!) / 2);
      const midnight = new Date(sun.sunset! + 5 * 3_600_000);
      const anomalies = ctx().services.alarm.anomalies;

      // Rated 100 W at level 50 is 50 W ± 20 %: 20 W is out of the band, 52 W is in it.
      await lit(20);
      await anomalies.evaluate(midnight);
      const [power] = await alarmOf(lamp1, 'power_deviation', 'active');
      expect(power).toMatchObject({ type: 'anomaly', severity: 'warning', cleared: false });
      expect(power!.detail).toMatchObject({ power: 20, expected: 50 });
      // (Earlier sweeps ran at the real time of day: a lamp lit then may have burnt by day.)
      const burning = (id: string) =>
        alarmOf(id, 'day_burning', 'active').then((a) => a.filter((x) => !x.cleared));
      expect(await burning(lamp1)).toHaveLength(0);
      await anomalies.evaluate(midnight);
      expect((await alarmOf(lamp1, 'power_deviation'))[0]!.count).toBe(1);
      await lit(52);
      await anomalies.evaluate(midnight);
      expect((await alarmOf(lamp1, 'power_deviation'))[0]!.cleared).toBe(true);

      // Lit at noon: burning by day; the unlit lamp is not.
      await anomalies.evaluate(noon);
      expect(await burning(lamp1)).toHaveLength(1);
      expect(await burning(lamp2)).toHaveLength(0);
      await anomalies.evaluate(midnight);
      expect(await burning(lamp1)).toHaveLength(0);
    });

    it('raises lamps lit against their schedule or dark against it, past the tolerance; clears them', async () => {
      // (The project is in Asia/Shanghai since the previous test; L1 reports lit, L2 dark.)
      for (const code of ['schedule_lit', 'schedule_dark']) {
        const rule = await api('PUT', '/alarm/rule/save', {
          projectId,
          type: 'anomaly',
          code,
          enabled: true,
          severity: 'minor',
          params: { toleranceMinutes: 15 },
        });
        expect(rule.status).toBe(200);
      }
      const strategy = await api('POST', '/lighting/strategy/add', {
        projectId,
        name: 'night',
        actions: [
          { at: { type: 'clock', time: '06:00' }, action: 'off' },
          { at: { type: 'clock', time: '18:00' }, action: 'on', level: 80 },
        ],
        targets: [{ kind: 'project', id: projectId }],
      });
      expect(strategy.status).toBe(200);
      const { date } = localParts(Date.now(), 'Asia/Shanghai');
      const at = (time: string) => new Date(`${date}T${time}:00+08:00`);
      const active = async (id: string, code: string) =>
        (await alarmOf(id, code, 'active')).filter((a) => !a.cleared);
      const anomalies = ctx().services.alarm.anomalies;

      // 10:00, four hours after switching off: the lit lamp is an anomaly, the dark one is not.
      await anomalies.evaluate(at('10:00'));
      expect(await active(lamp1, 'schedule_lit')).toEqual([
        expect.objectContaining({
          type: 'anomaly',
          severity: 'minor',
          detail: expect.objectContaining({ level: 0 }),
        }),
      ]);
      expect(await active(lamp2, 'schedule_dark')).toHaveLength(0);
      // 18:05 is within the tolerance of the switch-on: the lit lamp follows its schedule again,
      // the dark one is not yet late.
      await anomalies.evaluate(at('18:05'));
      expect(await active(lamp1, 'schedule_lit')).toHaveLength(0);
      expect(await active(lamp2, 'schedule_dark')).toHaveLength(0);
      // 22:00, four hours after switching on: now the dark lamp is.
      await anomalies.evaluate(at('22:00'));
      expect(await active(lamp2, 'schedule_dark')).toEqual([
        expect.objectContaining({ severity: 'minor', detail: expect.objectContaining({ level: 80 }) }),
      ]);
      // Without a strategy nothing is held to a schedule.
      expect((await api('DELETE', `/lighting/strategy/delete?id=${strategy.body.result.id}`)).status).toBe(
        200,
      );
      await anomalies.evaluate(at('23:00'));
      expect(await active(lamp2, 'schedule_dark')).toHaveLength(0);
    });
  },
  { env },
);
