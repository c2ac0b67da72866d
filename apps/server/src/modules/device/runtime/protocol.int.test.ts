import { topics } from '@ics/contract/server';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, describeWithApp, type TestApp } from '../../../../test/harness';
import { until } from '../../../../test/until';

const env = {
  MQTT_PORT: '0',
  ICS_COMMAND_TIMEOUT_MS: '400',
  ICS_COMMAND_RETRIES: '1',
  ICS_DEVICE_OFFLINE_SECONDS: '2',
};

type Gw = { id: string; sn: string; password: string };

async function setup(ctx: TestApp, token: string, sn: string): Promise<{ projectId: string; gw: Gw }> {
  const [project] = await ctx.db.query<{ id: string }>(
    `insert into sys_project (name, code) values ($1, $1) on conflict do nothing returning id`,
    [`P-${sn}`],
  );
  const res = await ctx.request({
    method: 'POST',
    url: '/ics/lighting/gateway/add',
    headers: auth(token),
    payload: { projectId: project!.id, sn, name: `gw ${sn}` },
  });
  expect(res.status).toBe(200);
  return {
    projectId: project!.id,
    gw: { id: res.body.result.id, sn, password: res.body.result.credentials.password },
  };
}

function connect(url: string, gw: Gw, extra: mqtt.IClientOptions = {}): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: `${gw.sn}:${Math.random().toString(16).slice(2, 8)}`,
    username: gw.sn,
    password: gw.password,
    reconnectPeriod: 0,
    ...extra,
  });
}

const send = (c: MqttClient, sn: string, kind: Parameters<typeof topics.up>[1], body: unknown) =>
  c.publishAsync(topics.up(sn, kind), typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });

describeWithApp(
  'device protocol over the embedded broker',
  (ctx) => {
    let token: string;
    let url: string;
    let a: { projectId: string; gw: Gw };
    let b: { projectId: string; gw: Gw };
    let client: MqttClient;
    const online = async (gatewayId: string): Promise<boolean> =>
      (
        await ctx().request({
          method: 'GET',
          url: `/ics/lighting/gateway/queryById?id=${gatewayId}`,
          headers: auth(token),
        })
      ).body.result.online;

    beforeAll(async () => {
      await ctx().services.devices.start();
      url = ctx().services.devices.brokerUrl!;
      token = await ctx().login();
      a = await setup(ctx(), token, 'GW-A');
      b = await setup(ctx(), token, 'GW-B');
      client = await connect(url, a.gw);
    });
    afterAll(async () => {
      await client?.endAsync();
    });

    it('refuses a wrong password', async () => {
      await expect(connect(url, { ...a.gw, password: 'wrong' })).rejects.toThrow();
    });

    it('registers the devices a gateway announces in hello', async () => {
      await send(client, 'GW-A', 'hello', {
        v: 1,
        ts: Date.now(),
        model: 'X1',
        firmware: '2.1',
        heartbeat: 1,
        devices: [
          { dev: 'L001', kind: 'lamp' },
          { dev: 'L002', kind: 'lamp' },
          { dev: 'S001', kind: 'sensor' },
        ],
      });
      const lamps = await until(async () => {
        const res = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/lamp/list?gatewayId=${a.gw.id}`,
          headers: auth(token),
        });
        // Rows and total are read concurrently, so wait until both see the registration.
        return res.body.result.records.length === 2 && res.body.result.total === 2 ? res.body.result : null;
      });
      expect(lamps.records.map((d: { address: string }) => d.address)).toEqual(['L001', 'L002']);
      const gw = await until(async () => {
        const res = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/gateway/queryById?id=${a.gw.id}`,
          headers: auth(token),
        });
        return res.body.result.online ? res : null;
      });
      expect(gw.body.result).toMatchObject({ model: 'X1', firmware: '2.1', online: true, deviceCount: 3 });
    });

    it('turns telemetry into latest state, live pushes and history', async () => {
      // What consoles receive: the pushes as they are serialised for the WebSocket.
      const pushed: Array<{ id: string; values?: Record<string, unknown>; faults?: string[] }> = [];
      const unsubscribe = ctx().services.liveEvents.subscribe((event) => {
        if (event.kind === 'device.state' && event.projectId === a.projectId)
          pushed.push(...JSON.parse(JSON.stringify(event.payload)).devices);
      });
      const ts = Date.now();
      await send(client, 'GW-A', 'telemetry', {
        ts,
        readings: [
          {
            dev: 'L001',
            on: true,
            level: 60,
            power: 90.5,
            voltage: 221,
            energy: 12.5,
            faults: ['dayBurning'],
          },
          { dev: 'L002', on: false, level: 0, power: 0 },
          { dev: 'S001', temperature: 21.5, pm25: 30 },
        ],
      });
      const lamp = await until(async () => {
        const res = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/lamp/list?gatewayId=${a.gw.id}&keyword=L001`,
          headers: auth(token),
        });
        const d = res.body.result.records[0];
        return d?.state.values.level === 60 ? d : null;
      });
      expect(lamp.state).toMatchObject({
        online: true,
        values: { power: 90.5, on: true },
        faults: ['dayBurning'],
      });
      const push = await until(async () => pushed.find((d) => d.id === lamp.id) ?? null);
      unsubscribe();
      expect(push).toMatchObject({
        gatewayId: a.gw.id,
        online: true,
        values: { on: true, level: 60, power: 90.5, voltage: 221, energy: 12.5 },
        faults: ['dayBurning'],
      });
      expect(push.values).not.toHaveProperty('dev');
      expect(push.values).not.toHaveProperty('faults');
      await ctx().services.devices.ingest.drain();
      const raw = await ctx().request({
        method: 'GET',
        url: `/ics/lighting/lamp/history?deviceId=${lamp.id}&interval=raw`,
        headers: auth(token),
      });
      expect(raw.body.result).toHaveLength(1);
      expect(raw.body.result[0]).toMatchObject({ level: 60, power: 90.5, on: true });
      await ctx().services.devices.rollup();
      const hourly = await ctx().request({
        method: 'GET',
        url: `/ics/lighting/lamp/history?deviceId=${lamp.id}&interval=hour`,
        headers: auth(token),
      });
      expect(hourly.body.result[0]).toMatchObject({ samples: 1, levelAvg: 60 });
      const day = await ctx().request({
        method: 'GET',
        url: `/ics/lighting/lamp/history?deviceId=${lamp.id}&interval=day`,
        headers: auth(token),
      });
      expect(day.body.result[0]).toMatchObject({ samples: 1 });
      const sensors = await ctx().request({
        method: 'GET',
        url: `/ics/env/sensor/list?gatewayId=${a.gw.id}`,
        headers: auth(token),
      });
      expect(sensors.body.result.records[0].state.values).toMatchObject({ temperature: 21.5, pm25: 30 });
    });

    it('drops malformed payloads while good ones keep flowing', async () => {
      const before = ctx().services.devices.ingest.stats.invalid;
      await send(client, 'GW-A', 'telemetry', '{not json');
      await send(client, 'GW-A', 'telemetry', { ts: Date.now(), readings: [{ dev: 'L001', level: 250 }] });
      await send(client, 'GW-A', 'telemetry', { ts: 'yesterday' });
      await send(client, 'GW-A', 'telemetry', { ts: Date.now(), readings: [{ dev: 'NOPE', level: 5 }] });
      await send(client, 'GW-A', 'telemetry', { ts: Date.now(), readings: [{ dev: 'L001', level: 42 }] });
      const lamp = await until(async () => {
        const res = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/lamp/list?gatewayId=${a.gw.id}&keyword=L001`,
          headers: auth(token),
        });
        const d = res.body.result.records[0];
        return d?.state.values.level === 42 ? d : null;
      });
      expect(lamp.state.values.power).toBe(90.5);
      expect(ctx().services.devices.ingest.stats.invalid - before).toBe(4);
    });

    type EventDto = { type: string; code: string | null; active: boolean; deviceId: string | null };
    const deviceEvents = async (deviceId: string): Promise<EventDto[]> => {
      await ctx().services.devices.ingest.drain();
      const res = await ctx().request({
        method: 'GET',
        url: `/ics/lighting/gateway/events?deviceId=${deviceId}&pageSize=100`,
        headers: auth(token),
      });
      // Newest first in the API; oldest first here.
      return (res.body.result.records as EventDto[]).reverse();
    };
    const lampId = async (address: string): Promise<string> =>
      (
        await ctx().request({
          method: 'GET',
          url: `/ics/lighting/lamp/list?gatewayId=${a.gw.id}&keyword=${address}`,
          headers: auth(token),
        })
      ).body.result.records[0].id;
    const pushed: Array<{ kind: string; payload: Record<string, unknown> }> = [];

    it('turns a heartbeat’s offline list into one event per device change, pushed live', async () => {
      const unsubscribe = ctx().services.liveEvents.subscribe((e) => {
        pushed.push(e as (typeof pushed)[number]);
      });
      const l2 = await lampId('L002');
      const s1 = (
        await ctx().request({
          method: 'GET',
          url: `/ics/env/sensor/list?gatewayId=${a.gw.id}`,
          headers: auth(token),
        })
      ).body.result.records[0].id;
      let t = Date.now();
      await send(client, 'GW-A', 'heartbeat', { ts: t, offline: ['L002', 'GONE'] });
      await send(client, 'GW-A', 'heartbeat', { ts: t + 1, offline: ['L002'] });
      expect(await deviceEvents(l2)).toMatchObject([{ type: 'offline', active: false, code: null }]);
      const offline = await ctx().request({
        method: 'GET',
        url: `/ics/lighting/lamp/list?gatewayId=${a.gw.id}&keyword=L002`,
        headers: auth(token),
      });
      expect(offline.body.result.records[0].state.online).toBe(false);
      // L002 answers again, S001 stops: one event each; L001 never was in the list.
      t = Date.now();
      await send(client, 'GW-A', 'heartbeat', { ts: t, offline: ['S001'] });
      await send(client, 'GW-A', 'heartbeat', { ts: t + 1, offline: ['S001'] });
      expect((await deviceEvents(l2)).map((e) => [e.type, e.active])).toEqual([
        ['offline', false],
        ['online', true],
      ]);
      expect((await deviceEvents(s1)).map((e) => e.type)).toEqual(['offline']);
      expect((await deviceEvents(await lampId('L001'))).map((e) => e.type)).not.toContain('offline');
      // A heartbeat older than the last change does not undo it.
      await send(client, 'GW-A', 'heartbeat', { ts: t - 60_000, offline: [] });
      await send(client, 'GW-A', 'heartbeat', { ts: Date.now(), offline: [] });
      expect((await deviceEvents(s1)).map((e) => e.type)).toEqual(['offline', 'online']);
      const online = (id: string) =>
        pushed
          .filter((e) => e.kind === 'device.online' && e.payload.deviceId === id)
          .map((e) => e.payload.online);
      expect(online(l2)).toEqual([false, true]);
      expect(online(s1)).toEqual([false, true]);
      unsubscribe();
    });

    it('derives fault raised / cleared events from telemetry flags, once per change', async () => {
      const unsubscribe = ctx().services.liveEvents.subscribe((e) => {
        pushed.push(e as (typeof pushed)[number]);
      });
      pushed.length = 0;
      const l1 = await lampId('L001');
      // dayBurning came with the first telemetry of L001 (earlier test).
      expect((await deviceEvents(l1)).map((e) => [e.code, e.active])).toEqual([['dayBurning', true]]);
      const faults = (list: string[], ts = Date.now()) =>
        send(client, 'GW-A', 'telemetry', { ts, readings: [{ dev: 'L001', faults: list }] });
      await faults(['dayBurning', 'lampFailure']);
      await faults(['dayBurning', 'lampFailure']);
      await ctx().services.devices.ingest.drain();
      await faults(['lampFailure', 'dayBurning']);
      // The gateway also reports the same fault as an event: still raised once.
      await send(client, 'GW-A', 'event', {
        ts: Date.now(),
        events: [{ dev: 'L001', type: 'fault', code: 'lampFailure', active: true }],
      });
      expect((await deviceEvents(l1)).map((e) => [e.code, e.active])).toEqual([
        ['dayBurning', true],
        ['lampFailure', true],
      ]);
      await faults([]);
      await faults([]);
      const cleared = (await deviceEvents(l1)).map((e) => [e.code, e.active]);
      expect(cleared.slice(0, 2)).toEqual([
        ['dayBurning', true],
        ['lampFailure', true],
      ]);
      // Both cleared by the same reading (same time stamp): in either order.
      expect(cleared.slice(2).sort()).toEqual([
        ['dayBurning', false],
        ['lampFailure', false],
      ]);
      // A stale reading (older than the clear) raises nothing again.
      await faults(['lampFailure'], Date.now() - 60_000);
      expect(await deviceEvents(l1)).toHaveLength(4);
      // An explicit event raised and cleared within one flush gives both events, in order.
      await send(client, 'GW-A', 'event', {
        ts: Date.now(),
        events: [
          { dev: 'L001', type: 'fault', code: 'relayFailure', active: true, message: 'relay stuck' },
          { dev: 'L001', type: 'fault', code: 'relayFailure', active: false },
        ],
      });
      const last = (await deviceEvents(l1)).slice(4);
      expect(last).toMatchObject([
        { type: 'fault', code: 'relayFailure', active: true },
        { type: 'fault', code: 'relayFailure', active: false },
      ]);
      const lamp = await ctx().request({
        method: 'GET',
        url: `/ics/lighting/lamp/list?gatewayId=${a.gw.id}&keyword=L001`,
        headers: auth(token),
      });
      expect(lamp.body.result.records[0].state.faults).not.toContain('relayFailure');
      const faultPushes = pushed
        .filter((e) => e.kind === 'device.fault')
        .map((e) => [e.payload.code, e.payload.active]);
      expect(faultPushes).toHaveLength(5);
      expect(faultPushes[0]).toEqual(['lampFailure', true]);
      expect(faultPushes.slice(1, 3).sort()).toEqual([
        ['dayBurning', false],
        ['lampFailure', false],
      ]);
      expect(faultPushes.slice(3)).toEqual([
        ['relayFailure', true],
        ['relayFailure', false],
      ]);
      unsubscribe();
    });

    it('writes the flags of one event message on every lamp it names, raised then cleared', async () => {
      const flags = async (address: string): Promise<string[]> => {
        await ctx().services.devices.ingest.drain();
        const res = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/lamp/list?gatewayId=${a.gw.id}&keyword=${address}`,
          headers: auth(token),
        });
        return res.body.result.records[0].state.faults;
      };
      const event = (active: boolean) =>
        send(client, 'GW-A', 'event', {
          ts: Date.now(),
          events: [
            { dev: 'L001', type: 'fault', code: 'relayFailure', active },
            { dev: 'L002', type: 'fault', code: 'relayFailure', active },
            { dev: 'L001', type: 'fault', code: 'lowPower', active },
          ],
        });
      await event(true);
      expect(await flags('L001')).toEqual(expect.arrayContaining(['relayFailure', 'lowPower']));
      expect(await flags('L002')).toContain('relayFailure');
      await event(false);
      expect(await flags('L001')).not.toContain('relayFailure');
      expect(await flags('L001')).not.toContain('lowPower');
      expect(await flags('L002')).not.toContain('relayFailure');
    });

    it('sends a command, records the ack, and shows it in the command log', async () => {
      const lamp = (
        await ctx().request({
          method: 'GET',
          url: `/ics/lighting/lamp/list?gatewayId=${a.gw.id}&keyword=L002`,
          headers: auth(token),
        })
      ).body.result.records[0];
      const received: Array<{ id: string; dev: string; cmd: string; params: { level: number } }> = [];
      await client.subscribeAsync(topics.down('GW-A'), { qos: 1 });
      client.on('message', (_t, payload) => {
        const cmd = JSON.parse(payload.toString());
        received.push(cmd);
        void send(client, 'GW-A', 'ack', { id: cmd.id, status: 'ok', result: { level: cmd.params.level } });
      });
      const res = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/lamp/command',
        headers: auth(token),
        payload: { deviceIds: [lamp.id], command: { cmd: 'lamp.dim', params: { level: 30, ramp: 2 } } },
      });
      expect(res.status).toBe(200);
      const id = res.body.result.commands[0].id;
      const acked = await until(async () => {
        const s = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/command/status?ids=${id}`,
          headers: auth(token),
        });
        return s.body.result[0]?.status === 'acked' ? s.body.result[0] : null;
      });
      expect(acked).toMatchObject({
        cmd: 'lamp.dim',
        deviceAddress: 'L002',
        result: { level: 30 },
        attempts: 1,
      });
      expect(received[0]).toMatchObject({ id, dev: 'L002', cmd: 'lamp.dim', params: { level: 30, ramp: 2 } });
      const log = await ctx().request({
        method: 'GET',
        url: `/ics/lighting/command/list?deviceId=${lamp.id}`,
        headers: auth(token),
      });
      expect(log.body.result.records[0]).toMatchObject({ id, status: 'acked' });
    });

    it('rejects a command outside its route’s area and invalid parameters', async () => {
      const bad = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/lamp/command',
        headers: auth(token),
        payload: { gatewayIds: [a.gw.id], command: { cmd: 'speaker.stop', params: {} } },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errorCode).toBe('device.command_not_here');
      const invalid = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/lamp/command',
        headers: auth(token),
        payload: { gatewayIds: [a.gw.id], command: { cmd: 'lamp.dim', params: { level: 300 } } },
      });
      expect(invalid.status).toBe(400);
    });

    it('retries and then times out a command nobody acks', async () => {
      const silent = await connect(url, b.gw);
      let seen = 0;
      await silent.subscribeAsync(topics.down('GW-B'), { qos: 1 });
      silent.on('message', () => {
        seen++;
      });
      const res = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/gateway/command',
        headers: auth(token),
        payload: { gatewayIds: [b.gw.id], command: { cmd: 'device.reboot' } },
      });
      const id = res.body.result.commands[0].id;
      const timedOut = await until(async () => {
        const s = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/command/status?ids=${id}`,
          headers: auth(token),
        });
        return s.body.result[0]?.status === 'timeout' ? s.body.result[0] : null;
      });
      expect(timedOut.attempts).toBe(2);
      expect(seen).toBe(2);
      await silent.endAsync();
    });

    it('denies a gateway another gateway’s topics', async () => {
      const intruder = await connect(url, b.gw);
      // The broker grants QoS 128 (refused), which the client reports as an error.
      await expect(intruder.subscribeAsync(topics.down('GW-A'), { qos: 1 })).rejects.toThrow(
        /Subscribe error/,
      );
      const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
      intruder.publish(
        topics.up('GW-A', 'telemetry'),
        JSON.stringify({ ts: Date.now(), readings: [{ dev: 'L001', level: 1 }] }),
        {
          qos: 1,
        },
      );
      await closed;
      await ctx().services.devices.ingest.drain();
      const lamp = (
        await ctx().request({
          method: 'GET',
          url: `/ics/lighting/lamp/list?gatewayId=${a.gw.id}&keyword=L001`,
          headers: auth(token),
        })
      ).body.result.records[0];
      expect(lamp.state.values.level).toBe(42);
      intruder.end(true);
    });

    it('refuses another gateway’s client id, and that gateway stays connected and online', async () => {
      const owner = await connect(url, b.gw, { clientId: 'GW-B' });
      let ownerClosed = false;
      owner.on('close', () => {
        ownerClosed = true;
      });
      await send(owner, 'GW-B', 'heartbeat', { ts: Date.now() });
      await until(() => online(b.gw.id));
      for (const clientId of ['GW-B', 'GW-B:takeover', 'GW-B', 'GW-', 'GW-A-B', ''])
        await expect(connect(url, a.gw, { clientId })).rejects.toThrow(/Identifier rejected/);
      const own = await connect(url, a.gw, { clientId: 'GW-A:tool' });
      await own.endAsync();

      expect(await online(b.gw.id)).toBe(true);
      expect(ownerClosed).toBe(false);
      expect(owner.connected).toBe(true);
      await owner.endAsync();
    });

    it('detects offline from missing heartbeats and records the change as an event', async () => {
      await until(async () => !(await online(a.gw.id)), 10_000);
      // The event row is written by the next flush, a moment after the state changes.
      const types = await until(async () => {
        const events = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/gateway/events?gatewayId=${a.gw.id}`,
          headers: auth(token),
        });
        // The gateway's own events (its devices have their own, see above).
        const found = events.body.result.records
          .filter((e: { deviceId: string | null }) => e.deviceId === null)
          .map((e: { type: string }) => e.type) as string[];
        return found.includes('offline') ? found : null;
      });
      expect(types).toContain('offline');
      await send(client, 'GW-A', 'heartbeat', { ts: Date.now() });
      await until(() => online(a.gw.id));
    });

    it('goes offline at once when the gateway’s session closes', async () => {
      await client.endAsync();
      await until(async () => {
        await ctx().services.devices.ingest.drain();
        return !(await online(a.gw.id));
      }, 1_500);
    });

    it('rotated credentials replace the old password', async () => {
      const res = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/gateway/credentials',
        headers: auth(token),
        payload: { id: b.gw.id },
      });
      expect(res.body.result.username).toBe('GW-B');
      await expect(connect(url, b.gw)).rejects.toThrow();
      const fresh = await connect(url, { ...b.gw, password: res.body.result.password });
      await fresh.endAsync();
    });
  },
  env,
);
