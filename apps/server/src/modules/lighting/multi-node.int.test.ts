import type { ControlOutcomeMessage } from '@ics/contract/server';
import { Simulator } from '@ics/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { auth, dbVariants, sharedPostgres, startTestApp } from '../../../test/harness';
import { until } from '../../../test/until';
import type { LiveEvent } from '../device';

// Two API nodes on one PostgreSQL database, one Redis and one external MQTT broker: a lamp job
// started on node A, its acks ingested by either node (the broker's shared subscription), and
// every outcome pushed to the owner's console connected to node B.
const redisUrl = process.env.TEST_REDIS_URL;
const mqttUrl = process.env.TEST_MQTT_URL;
const postgres = dbVariants().find((v) => v.name === 'postgres');
const missing = [
  !redisUrl && 'TEST_REDIS_URL (a Redis server)',
  !postgres && 'TEST_DATABASE_URL (a PostgreSQL server both nodes share)',
  !mqttUrl && 'TEST_MQTT_URL (an external MQTT broker both nodes share)',
].filter(Boolean);

const GATEWAYS = 6;
const LAMPS_PER_GATEWAY = 2;

describe.runIf(missing.length === 0)('lamp control outcomes across two API nodes', () => {
  type Node = Awaited<ReturnType<typeof startTestApp>>;
  let nodeA: Node;
  let nodeB: Node;
  let dropDatabase: () => Promise<void>;
  let sim: Simulator;
  let projectId: string;
  /** device.command events node B itself published (acks it ingested). */
  const heardOnB: LiveEvent[] = [];

  beforeAll(async () => {
    const shared = await sharedPostgres(postgres!);
    dropDatabase = shared.drop;
    const env = {
      REDIS_URL: redisUrl!,
      MQTT_URL: mqttUrl!,
      ICS_COMMAND_TIMEOUT_MS: '5000',
      ICS_COMMAND_RETRIES: '1',
    };
    nodeA = await startTestApp(shared.perNode, env);
    nodeB = await startTestApp(shared.perNode, env);
    await nodeA.services.devices.start();
    await nodeB.services.devices.start();
    await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
    nodeB.services.liveEvents.subscribe((event) => {
      if (event.kind === 'device.command') heardOnB.push(event);
    });

    const token = await nodeA.login();
    const [project] = await nodeA.db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('Two nodes', 'TWO') returning id`,
    );
    projectId = project!.id;
    const run = Math.random().toString(16).slice(2, 8);
    const gateways: Array<{ sn: string; password: string }> = [];
    for (let i = 1; i <= GATEWAYS; i++) {
      const sn = `TWO-${run}-${i}`;
      const res = await nodeA.request({
        method: 'POST',
        url: '/ics/lighting/gateway/add',
        headers: auth(token),
        payload: { projectId, sn, name: sn },
      });
      expect(res.status).toBe(200);
      gateways.push({ sn, password: res.body.result.credentials.password });
    }
    sim = new Simulator({
      url: mqttUrl!,
      gateways,
      lampsPerGateway: LAMPS_PER_GATEWAY,
      telemetryIntervalSeconds: 3600,
      heartbeatSeconds: 3600,
    });
    await sim.start();
    await until(async () => {
      const [row] = await nodeA.db.query<{ n: number }>(
        `select count(*)::int as n from dev_device where project_id = $1 and kind = 'lamp'`,
        [projectId],
      );
      return row?.n === GATEWAYS * LAMPS_PER_GATEWAY;
    });
  }, 60_000);

  afterAll(async () => {
    await sim?.stop();
    await nodeA?.close();
    await nodeB?.close();
    await dropDatabase?.();
  });

  it('pushes every outcome of a job started on node A to the console on node B', async () => {
    const token = await nodeB.login();
    const { port } = nodeB.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ics/websocket/user-admin?token=${token}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const pushes: ControlOutcomeMessage[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { kind?: string };
      if (message.kind === 'control.outcome') pushes.push(message as ControlOutcomeMessage);
    });

    const res = await nodeA.request({
      method: 'POST',
      url: '/ics/lighting/control/send',
      headers: auth(token),
      payload: { scope: 'project', ids: [projectId], action: 'dim', level: 35, confirm: true },
    });
    expect(res.status).toBe(200);
    const jobId = res.body.result.id as string;
    const lamps = GATEWAYS * LAMPS_PER_GATEWAY;

    const ofJob = () => pushes.filter((m) => m.payload.jobId === jobId);
    await until(async () => ofJob().flatMap((m) => m.payload.outcomes).length >= lamps);
    const outcomes = ofJob().flatMap((m) => m.payload.outcomes);
    // Every lamp has its outcome, all acknowledged, and the job is reported done.
    expect(new Set(outcomes.map((o) => o.deviceId)).size).toBe(lamps);
    expect(outcomes.every((o) => o.status === 'acked')).toBe(true);
    await until(async () => ofJob().some((m) => m.payload.done && m.payload.counts.acked === lamps));
    // The broker handed some of the acks to node B: those outcomes never passed through node A.
    const ackedOnB = heardOnB.filter((e) => (e.payload as { batchId?: string }).batchId === jobId);
    expect(ackedOnB.length).toBeGreaterThan(0);
    socket.close();
  });
});

describe.skipIf(missing.length === 0)('lamp control outcomes across two API nodes', () => {
  it.skip(`needs ${missing.join(', ')}`, () => undefined);
});
