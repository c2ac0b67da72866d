import { topics } from '@ics/contract/server';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../../test/harness';
import { type Mosquitto, mosquittoAvailable, startMosquitto } from '../../../../test/mosquitto';
import { until } from '../../../../test/until';

// Mosquitto with the dynamic-security plugin, started by the test on a generated configuration
// that knows only its administrator: the platform creates its own account and each gateway's,
// and the broker then enforces exactly the credentials the platform issued.
const ADMIN = { user: 'dynsec-admin', password: 'dynsec-admin-secret' };
const PLATFORM_PASSWORD = 'platform-secret-1';

let broker: Mosquitto;
const clients: MqttClient[] = [];
beforeAll(async () => {
  if (mosquittoAvailable(true)) broker = await startMosquitto({ dynsec: ADMIN });
});
afterAll(async () => {
  for (const c of clients) c.end(true);
  await broker?.stop();
});

/** Connects as a gateway; answers the client, or the broker's refusal. */
async function connect(options: IClientOptions): Promise<MqttClient> {
  const client = await mqtt.connectAsync(broker.url, {
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...options,
  });
  clients.push(client);
  return client;
}

const refused = (options: IClientOptions) =>
  connect(options).then(
    () => 'accepted',
    (error: Error) => error.message,
  );

describe.skipIf(!mosquittoAvailable(true))('broker accounts through Mosquitto dynamic security', () => {
  describeWithApp(
    'gateway credentials become the broker’s',
    (ctx) => {
      let token: string;
      let projectId: string;
      const add = async (sn: string) => {
        const res = await ctx().request({
          method: 'POST',
          url: '/ics/lighting/gateway/add',
          headers: auth(token),
          payload: { projectId, sn, name: sn },
        });
        expect(res.status).toBe(200);
        return res.body.result as { id: string; credentials: { password: string } };
      };

      beforeAll(async () => {
        await ctx().services.devices.start();
        token = await ctx().login();
        const [project] = await ctx().db.query<{ id: string }>(
          `insert into sys_project (name, code) values ('dynsec', 'DYNSEC') returning id`,
        );
        projectId = project!.id;
      });

      it('lets a gateway in with its issued password only, and never anonymously', async () => {
        const sn = 'DS-ONE';
        const gw = await add(sn);
        const client = await connect({ clientId: sn, username: sn, password: gw.credentials.password });
        await client.publishAsync(
          topics.up(sn, 'hello'),
          JSON.stringify({ v: 1, ts: Date.now(), devices: [{ dev: 'L001', kind: 'lamp' }] }),
          { qos: 1 },
        );
        await until(async () => {
          const res = await ctx().request({
            method: 'GET',
            url: `/ics/lighting/lamp/list?gatewayId=${gw.id}`,
            headers: auth(token),
          });
          return res.body.result.total === 1;
        });
        expect(await refused({ clientId: `${sn}:x`, username: sn, password: 'wrong-password' })).toMatch(
          /not authorized|bad user name or password/i,
        );
        expect(await refused({ clientId: 'anonymous' })).toMatch(/not authorized|bad user name or password/i);
      });

      it('keeps each gateway to its own topics', async () => {
        const a = await add('DS-A');
        await add('DS-B');
        const client = await connect({
          clientId: 'DS-A',
          username: 'DS-A',
          password: a.credentials.password,
        });
        const own = await client.subscribeAsync(topics.down('DS-A'), { qos: 1 });
        expect(own[0]?.qos).toBe(1);
        // MQTT 5: the broker's SUBACK refuses the filter (mqtt.js rejects with it).
        await expect(client.subscribeAsync(topics.down('DS-B'), { qos: 1 })).rejects.toThrow(/error/i);
        await expect(client.subscribeAsync('ics/v1/+/down/cmd', { qos: 1 })).rejects.toThrow(/error/i);
        await expect(client.subscribeAsync('$share/g/ics/v1/+/up/+', { qos: 1 })).rejects.toThrow(/error/i);
      });

      it('takes a rotated password at once and refuses the old one', async () => {
        const sn = 'DS-ROT';
        const gw = await add(sn);
        const res = await ctx().request({
          method: 'POST',
          url: '/ics/lighting/gateway/credentials',
          headers: auth(token),
          payload: { id: gw.id },
        });
        expect(res.status).toBe(200);
        const rotated = res.body.result.password as string;
        expect(await refused({ clientId: sn, username: sn, password: gw.credentials.password })).toMatch(
          /not authorized|bad user name or password/i,
        );
        const client = await connect({ clientId: sn, username: sn, password: rotated });
        expect(client.connected).toBe(true);
      });

      it('removes a deleted gateway from the broker and closes its connection', async () => {
        const sn = 'DS-DEL';
        const gw = await add(sn);
        const client = await connect({ clientId: sn, username: sn, password: gw.credentials.password });
        const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
        const res = await ctx().request({
          method: 'DELETE',
          url: `/ics/lighting/gateway/delete?id=${gw.id}`,
          headers: auth(token),
        });
        expect(res.status).toBe(200);
        await closed;
        expect(await refused({ clientId: sn, username: sn, password: gw.credentials.password })).toMatch(
          /not authorized|bad user name or password/i,
        );
      });

      // Last: the broker goes away.
      it('adds no gateway while the broker cannot take its account (503, nothing written)', async () => {
        await broker.stop();
        const res = await ctx().request({
          method: 'POST',
          url: '/ics/lighting/gateway/add',
          headers: auth(token),
          payload: { projectId, sn: 'DS-DOWN', name: 'down' },
        });
        expect(res.status).toBe(503);
        expect(res.body.errorCode).toBe('device.broker_accounts_down');
        const rows = await ctx().db.query(`select 1 from dev_gateway where sn = 'DS-DOWN'`);
        expect(rows).toHaveLength(0);
        // A broker of its own for the next database variant (its app reads the url when it starts).
        broker = await startMosquitto({ dynsec: ADMIN });
      });
    },
    {
      env: () => ({
        MQTT_URL: broker.url.replace('mqtt://', `mqtt://ics-platform:${PLATFORM_PASSWORD}@`),
        MQTT_DYNSEC_USER: ADMIN.user,
        MQTT_DYNSEC_PASSWORD: ADMIN.password,
      }),
    },
  );
});
