import type { DeviceEventDto } from '@ics/contract/server';
import { Simulator } from '@ics/simulator';
import { afterAll, expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../../test/harness';
import { until } from '../../../../test/until';

// A gateway that drops off the network (as `npm run simulate -- --offline-rate p` makes them)
// is offline on the platform at once, through the broker's will, and online again when it is back.
describeWithApp(
  'simulated gateways dropping off the network',
  (ctx) => {
    let sim: Simulator | undefined;
    afterAll(async () => {
      await sim?.stop();
    });

    it('goes offline through its will, comes back, and stays away once stopped', async () => {
      await ctx().services.devices.start();
      const token = await ctx().login();
      const [project] = await ctx().db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('Drops', 'DROPS') returning id`,
      );
      const added = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/gateway/add',
        headers: auth(token),
        payload: { projectId: project!.id, sn: 'GW-DROP', name: 'dropping gateway' },
      });
      expect(added.status).toBe(200);
      const gatewayId = added.body.result.id as string;
      const gatewayEvents = async () => {
        const res = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/gateway/events?gatewayId=${gatewayId}&pageSize=100`,
          headers: auth(token),
        });
        return (res.body.result.records as DeviceEventDto[])
          .filter((e) => e.deviceId === null)
          .sort((a, b) => a.ts.localeCompare(b.ts))
          .map((e) => e.type);
      };
      const online = async () =>
        (
          await ctx().request({
            method: 'GET',
            url: `/ics/lighting/gateway/queryById?id=${gatewayId}`,
            headers: auth(token),
          })
        ).body.result.online as boolean;

      // Every telemetry tick drops the gateway; heartbeats are too rare to mark it online
      // again, so only its reconnection (status and hello) can.
      sim = new Simulator({
        url: ctx().services.devices.brokerUrl!,
        gateways: [{ sn: 'GW-DROP', password: added.body.result.credentials.password }],
        lampsPerGateway: 2,
        telemetryIntervalSeconds: 0.3,
        heartbeatSeconds: 3600,
        offlineRate: 1,
        offlineSeconds: 0.6,
      });
      const gateway = sim.gateways[0]!;
      await sim.start();

      // offline → online → offline: it dropped, came back by itself, and dropped again.
      const types = await until(async () => {
        const found = await gatewayEvents();
        const first = found.indexOf('offline');
        const back = found.indexOf('online', first + 1);
        return first >= 0 && back > first && found.indexOf('offline', back + 1) > back ? found : null;
      }, 15_000);
      expect(types.filter((t) => t === 'offline').length).toBeGreaterThanOrEqual(2);
      expect(gateway.drops).toBeGreaterThanOrEqual(2);

      // A stopped simulator's pending reconnection is called off: the gateway stays offline.
      await sim.stop();
      await new Promise((r) => setTimeout(r, 1_500));
      expect(gateway.connected).toBe(false);
      await until(async () => (await online()) === false, 5_000);
    });
  },
  { MQTT_PORT: '0', ICS_DEVICE_OFFLINE_SECONDS: '3600' },
);
