import { type CommandDto, topics } from '@ics/contract/server';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, dbVariants, sharedPostgres, startTestApp } from '../../../../test/harness';
import { until } from '../../../../test/until';
import type { LiveEvent } from '../live/live-events';

// Two API nodes sharing one external broker and one PostgreSQL database, as two processes
// behind a load balancer would: uplink messages are spread over the nodes by the broker's
// shared subscription, each handled by exactly one of them.
const mqttUrl = process.env.TEST_MQTT_URL;
const postgres = dbVariants().find((v) => v.name === 'postgres');
const missing = [
  !mqttUrl && 'TEST_MQTT_URL (an external MQTT broker both nodes share)',
  !postgres && 'TEST_DATABASE_URL (a PostgreSQL server both nodes share)',
].filter(Boolean);
const title = 'device bus across two API nodes (external broker, one database)';

const TELEMETRY_MESSAGES = 40;
const COMMANDS = 12;
const COMMAND_TIMEOUT_MS = 1_500;

describe.skipIf(missing.length > 0)(
  missing.length ? `${title}: skipped, set ${missing.join(' and ')}` : title,
  () => {
    type Node = Awaited<ReturnType<typeof startTestApp>>;
    let nodeA: Node;
    let nodeB: Node;
    let dropDatabase: () => Promise<void>;
    let gateway: MqttClient;
    let token: string;
    let lampId: string;
    let gatewayId: string;
    const sn = `TWO-${Math.random().toString(16).slice(2, 8)}`;
    /** Command outcomes each node recorded itself (from acks it ingested). */
    const outcomesOn = { a: [] as CommandDto[], b: [] as CommandDto[] };

    beforeAll(async () => {
      const shared = await sharedPostgres(postgres!);
      dropDatabase = shared.drop;
      const env = {
        MQTT_URL: mqttUrl!,
        ICS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
        ICS_COMMAND_RETRIES: '1',
      };
      nodeA = await startTestApp(shared.perNode, env);
      nodeB = await startTestApp(shared.perNode, env);
      await nodeA.services.devices.start();
      await nodeB.services.devices.start();
      const record = (into: CommandDto[]) => (event: LiveEvent) => {
        if (event.kind === 'device.command') into.push(event.payload as CommandDto);
      };
      nodeA.services.liveEvents.subscribe(record(outcomesOn.a));
      nodeB.services.liveEvents.subscribe(record(outcomesOn.b));

      token = await nodeA.login();
      const [project] = await nodeA.db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('Two nodes', $1) returning id`,
        [sn],
      );
      const gw = await nodeA.request({
        method: 'POST',
        url: '/ics/lighting/gateway/add',
        headers: auth(token),
        payload: { projectId: project!.id, sn, name: 'shared' },
      });
      gatewayId = gw.body.result.id;
      const lamp = await nodeA.request({
        method: 'POST',
        url: '/ics/lighting/device/add',
        headers: auth(token),
        payload: { gatewayId, kind: 'lamp', address: 'L001', name: 'lamp' },
      });
      lampId = lamp.body.result.id;
      gateway = await mqtt.connectAsync(mqttUrl!, {
        clientId: `${sn}:${Math.random().toString(16).slice(2, 6)}`,
        username: sn,
        password: gw.body.result.credentials.password,
        reconnectPeriod: 0,
      });
    });

    afterAll(async () => {
      await gateway?.endAsync();
      await nodeA?.close();
      await nodeB?.close();
      await dropDatabase?.();
    });

    it('stores each telemetry message once, whichever node receives it', async () => {
      const before = {
        a: nodeA.services.devices.ingest.stats.readings,
        b: nodeB.services.devices.ingest.stats.readings,
      };
      const start = Date.now() - TELEMETRY_MESSAGES;
      for (let i = 0; i < TELEMETRY_MESSAGES; i++)
        await gateway.publishAsync(
          topics.up(sn, 'telemetry'),
          JSON.stringify({ ts: start + i, readings: [{ dev: 'L001', level: i, power: i }] }),
          { qos: 1 },
        );
      const handled = await until(() => {
        const a = nodeA.services.devices.ingest.stats.readings - before.a;
        const b = nodeB.services.devices.ingest.stats.readings - before.b;
        return Promise.resolve(a + b >= TELEMETRY_MESSAGES ? { a, b } : null);
      });
      await nodeA.services.devices.ingest.drain();
      await nodeB.services.devices.ingest.drain();
      expect(handled.a + handled.b).toBe(TELEMETRY_MESSAGES);
      // The broker shares the subscription: both nodes took part.
      expect(handled.a).toBeGreaterThan(0);
      expect(handled.b).toBeGreaterThan(0);
      const [stored] = await nodeA.db.query<{ n: number; distinct: number }>(
        `select count(*)::int as n, count(distinct level)::int as distinct from dev_lamp_reading where device_id = $1`,
        [lampId],
      );
      expect(stored).toEqual({ n: TELEMETRY_MESSAGES, distinct: TELEMETRY_MESSAGES });
    });

    it('raises and clears a fault once, though the readings that carry it reach both nodes', async () => {
      const drained = () =>
        Promise.all([nodeA.services.devices.ingest.drain(), nodeB.services.devices.ingest.drain()]);
      const base = Date.now() - 1_000;
      const handledBy = () => ({
        a: nodeA.services.devices.ingest.stats.messages,
        b: nodeB.services.devices.ingest.stats.messages,
      });
      const before = handledBy();
      for (let i = 0; i < 12; i++) {
        const count = handledBy().a + handledBy().b;
        await gateway.publishAsync(
          topics.up(sn, 'telemetry'),
          JSON.stringify({ ts: base + i, readings: [{ dev: 'L001', faults: i < 6 ? ['lampFailure'] : [] }] }),
          { qos: 1 },
        );
        // One reading at a time, as a lamp reports: each is written before the next arrives.
        await until(() => Promise.resolve(handledBy().a + handledBy().b > count));
        await drained();
      }
      const seen = { a: handledBy().a - before.a, b: handledBy().b - before.b };
      expect(seen.a).toBeGreaterThan(0);
      expect(seen.b).toBeGreaterThan(0);
      const events = await nodeA.db.query<{ type: string; code: string; active: boolean }>(
        'select type, code, active from dev_event where device_id = $1 order by ts, id',
        [lampId],
      );
      expect(events).toEqual([
        { type: 'fault', code: 'lampFailure', active: true },
        { type: 'fault', code: 'lampFailure', active: false },
      ]);
    });

    it('records the ack of a command sent through node A when node B receives it', async () => {
      await gateway.subscribeAsync(topics.down(sn), { qos: 1 });
      const received: string[] = [];
      gateway.on('message', (_topic, payload) => {
        const cmd = JSON.parse(payload.toString()) as { id: string; params: { level: number } };
        received.push(cmd.id);
        void gateway.publishAsync(
          topics.up(sn, 'ack'),
          JSON.stringify({ id: cmd.id, status: 'ok', result: { level: cmd.params.level } }),
          { qos: 1 },
        );
      });
      const ids: string[] = [];
      for (let i = 0; i < COMMANDS; i++) {
        const res = await nodeA.request({
          method: 'POST',
          url: '/ics/lighting/lamp/command',
          headers: auth(token),
          payload: { deviceIds: [lampId], command: { cmd: 'lamp.dim', params: { level: i } } },
        });
        expect(res.status).toBe(200);
        ids.push(res.body.result.commands[0].id);
      }
      const status = async () =>
        (
          await nodeA.request({
            method: 'GET',
            url: `/ics/lighting/command/status?ids=${ids.join(',')}`,
            headers: auth(token),
          })
        ).body.result as CommandDto[];
      await until(async () => (await status()).every((c) => c.status === 'acked'));
      const ackedOnB = () => outcomesOn.b.filter((c) => ids.includes(c.id) && c.status === 'acked');
      const recorded = () => outcomesOn.a.filter((c) => ids.includes(c.id)).length + ackedOnB().length;
      // A node announces an outcome after writing its row and reading it back: a moment after
      // the status already reads acked through node A.
      await until(async () => recorded() >= COMMANDS);
      // Shared subscription: some acks of node A's commands were ingested by node B.
      expect(ackedOnB().length).toBeGreaterThan(0);
      // Past the timeout and the retry, node A has neither resent nor given up on any of them,
      // and no outcome was recorded twice.
      await new Promise((r) => setTimeout(r, COMMAND_TIMEOUT_MS * 2 + 500));
      expect(recorded()).toBe(COMMANDS);
      const final = await status();
      expect(final.map((c) => [c.status, c.attempts])).toEqual(ids.map(() => ['acked', 1]));
      expect(final.map((c) => c.result)).toEqual(ids.map((_, i) => ({ level: i })));
      expect(received.sort()).toEqual([...ids].sort());
    });
  },
);
