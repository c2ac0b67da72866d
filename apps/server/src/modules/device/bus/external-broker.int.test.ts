import { topics } from '@ics/contract/server';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../../test/harness';
import { until } from '../../../../test/until';

const url = process.env.TEST_MQTT_URL;

if (!url) {
  describe.skip('device protocol over an external broker (set TEST_MQTT_URL, e.g. mqtt://127.0.0.1:1883)', () => {
    it('skipped', () => undefined);
  });
} else {
  // The external broker's own ACL decides who may publish where (docs/device-protocol.md);
  // the Mosquitto used here allows anonymous clients, so the ACL test runs only on the embedded broker.
  describeWithApp(
    'device protocol over an external broker',
    (ctx) => {
      let token: string;
      let client: MqttClient;
      const sn = `EXT-${Math.random().toString(16).slice(2, 8)}`;
      let gatewayId: string;

      beforeAll(async () => {
        await ctx().services.devices.start();
        token = await ctx().login();
        const [project] = await ctx().db.query<{ id: string }>(
          `insert into sys_project (name, code) values ('ext', 'EXT') returning id`,
        );
        const res = await ctx().request({
          method: 'POST',
          url: '/ics/lighting/gateway/add',
          headers: auth(token),
          payload: { projectId: project!.id, sn, name: 'external' },
        });
        gatewayId = res.body.result.id;
        client = await mqtt.connectAsync(url, {
          clientId: sn,
          username: sn,
          password: res.body.result.credentials.password,
        });
      });
      afterAll(async () => {
        await client?.endAsync();
      });

      it('ingests hello and telemetry through the shared subscription', async () => {
        await client.publishAsync(
          topics.up(sn, 'hello'),
          JSON.stringify({ v: 1, ts: Date.now(), devices: [{ dev: 'L001', kind: 'lamp' }] }),
          { qos: 1 },
        );
        await until(async () => {
          const res = await ctx().request({
            method: 'GET',
            url: `/ics/lighting/lamp/list?gatewayId=${gatewayId}`,
            headers: auth(token),
          });
          return res.body.result.total === 1;
        });
        await client.publishAsync(
          topics.up(sn, 'telemetry'),
          JSON.stringify({ ts: Date.now(), readings: [{ dev: 'L001', level: 77 }] }),
          { qos: 1 },
        );
        await until(async () => {
          const res = await ctx().request({
            method: 'GET',
            url: `/ics/lighting/lamp/list?gatewayId=${gatewayId}`,
            headers: auth(token),
          });
          return res.body.result.records[0]?.state.values.level === 77;
        });
      });

      it('delivers a command and records its ack', async () => {
        await client.subscribeAsync(topics.down(sn), { qos: 1 });
        client.on('message', (_t, payload) => {
          const cmd = JSON.parse(payload.toString());
          void client.publishAsync(
            topics.up(sn, 'ack'),
            JSON.stringify({ id: cmd.id, status: 'error', reason: 'busy' }),
            {
              qos: 1,
            },
          );
        });
        const res = await ctx().request({
          method: 'POST',
          url: '/ics/lighting/gateway/command',
          headers: auth(token),
          payload: { gatewayIds: [gatewayId], command: { cmd: 'device.clockSync' } },
        });
        const id = res.body.result.commands[0].id;
        const done = await until(async () => {
          const s = await ctx().request({
            method: 'GET',
            url: `/ics/lighting/command/status?ids=${id}`,
            headers: auth(token),
          });
          return s.body.result[0]?.status === 'failed' ? s.body.result[0] : null;
        });
        expect(done.reason).toBe('busy');
        expect(typeof done.params.time).toBe('number');
      });
    },
    { MQTT_URL: url },
  );
}
