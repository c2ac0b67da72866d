import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CommandMessage, type ControlOutcomeMessage, topics } from '@ics/contract/server';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { openDatabase } from '../../src/db/database';
import { haproxyAvailable, startHaproxy } from '../haproxy';
import { ADMIN_PASSWORD, dbVariants } from '../harness';
import { freePort, mosquittoAvailable, startMosquitto } from '../mosquitto';
import { redisAvailable, startRedis } from '../redis';
import { crash, serve, signIn } from '../server-process';
import { until } from '../until';

// Two server processes (`npm start` twice) on one PostgreSQL, one Mosquitto and one Redis, behind
// HAProxy on the committed docs/deployment/haproxy.cfg. Everything the test does goes through the
// balancer, as a console and its operators would: readings are stored once, a strategy runs once,
// consoles on either node hear every outcome, and a batch to 10,000 lamps survives kill -9 of the
// node that sent it.
const postgres = dbVariants().find((v) => v.name === 'postgres');
const missing = [
  !postgres && 'TEST_DATABASE_URL (a PostgreSQL server both nodes share)',
  !mosquittoAvailable() && 'mosquitto',
  !redisAvailable() && 'redis-server',
  !haproxyAvailable() && 'haproxy (apt-get install haproxy)',
].filter(Boolean);
const title = 'two nodes behind HAProxy';
if (missing.length) console.warn(`${title}: skipped, needs ${missing.join(', ')}`);

const GATEWAYS = 100;
const LAMPS_PER_GATEWAY = 100;
const LAMPS = GATEWAYS * LAMPS_PER_GATEWAY;
// Long enough that the sender gives up on nothing before it is killed, even on a busy machine.
const TIMEOUT_MS = 10_000;
const RETRIES = 2;
const LEASE_SECONDS = 3;
const METRICS_TOKEN = 'balancer-test-metrics-token';
/** Console sockets opened through the balancer, each from its own loopback address. */
const CONSOLES = 8;
/** Gateways 0-49 ack before the kill; 50-69 ack what they hold right after it; 70-89 ack the
 * survivor's resends; 90-99 never ack. */
const ACK_BEFORE = 50;
const ACK_AT_KILL = 70;
const NEVER_FROM = 90;
const TIME_ZONE = 'Asia/Shanghai';
/** The strategy's action lies this far ahead; the test clock then jumps a minute past it. */
const AHEAD_MS = 15 * 60_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sn = (g: number) => `GW-LB-${String(g).padStart(3, '0')}`;
const address = (l: number) => `L${String(l + 1).padStart(3, '0')}`;
const gatewayIndex = (s: string) => Number(s.slice(-3));

/** `HH:mm` of `epochMs` in the project's zone. */
const localTime = (epochMs: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);

/** One series of a node's Prometheus text, summed over its labels that match `labels`. */
async function metric(port: number, name: string, labels = ''): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/ics/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => line.includes(labels))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** A console's socket through the balancer from `localAddress`; its pushes collect in `heard`. */
type Console = { socket: WebSocket; heard: ControlOutcomeMessage[]; closed: boolean };
async function openConsole(lbPort: number, token: string, localAddress: string, into?: Console) {
  const socket = new WebSocket(`ws://127.0.0.1:${lbPort}/ics/websocket/user-admin?token=${token}`, {
    localAddress,
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  const operator: Console = into ?? { socket, heard: [], closed: false };
  operator.socket = socket;
  operator.closed = false;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { kind?: string };
    if (message.kind === 'control.outcome') operator.heard.push(message as ControlOutcomeMessage);
  });
  socket.once('close', () => {
    operator.closed = true;
  });
  return operator;
}

describe.skipIf(missing.length > 0)(
  missing.length ? `${title}: skipped, needs ${missing.join(', ')}` : title,
  () => {
    it('stores readings once, runs a strategy once, pushes to consoles on both nodes and survives kill -9 during a 10,000-lamp batch', {
      timeout: 300_000,
    }, async () => {
      const broker = await startMosquitto();
      cleanups.push(() => broker.stop());
      const redis = await startRedis();
      cleanups.push(() => redis.stop());
      const shared = await postgres!.open();
      cleanups.push(shared.drop);
      const db = await openDatabase({ databaseUrl: shared.url! });
      cleanups.push(() => db.close());
      const dir = mkdtempSync(path.join(os.tmpdir(), 'ics-balancer-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const clockFile = path.join(dir, 'clock-offset-ms');

      const common = {
        DATABASE_URL: shared.url!,
        MQTT_URL: broker.url,
        REDIS_URL: redis.url,
        HOST: '127.0.0.1',
        ICS_ADMIN_PASSWORD: ADMIN_PASSWORD,
        ICS_DEMO: '0',
        ICS_TRUST_PROXY: '1',
        ICS_METRICS_TOKEN: METRICS_TOKEN,
        ICS_TEST_CLOCK_FILE: clockFile,
        ICS_COMMAND_TIMEOUT_MS: String(TIMEOUT_MS),
        ICS_COMMAND_RETRIES: String(RETRIES),
        ICS_NODE_LEASE_SECONDS: String(LEASE_SECONDS),
      };
      const ports: [number, number] = [await freePort(), await freePort()];
      const nodes = new Map<string, { port: number; process: Awaited<ReturnType<typeof serve>> }>();
      for (const [i, port] of ports.entries()) {
        const id = `node-${i + 1}`;
        const child = await serve(
          { ...common, DATA_DIR: path.join(dir, id), PORT: String(port), ICS_NODE_ID: id },
          cleanups,
        );
        nodes.set(id, { port, process: child });
      }
      const balancer = await startHaproxy(ports);
      cleanups.push(() => balancer.stop());
      const api = await signIn(balancer.port);

      // ---- a project of 100 gateways; their hello registers 100 lamps each ----
      const project = await api<{ id: string }>('POST', '/sys/project/add', {
        name: 'Balancer',
        code: 'BALANCER',
        longitude: 117.2,
        latitude: 34.2,
        timeZone: TIME_ZONE,
      });
      for (let g = 0; g < GATEWAYS; g++)
        await api('POST', '/lighting/gateway/add', { projectId: project.id, sn: sn(g), name: sn(g) });

      // One MQTT client answers for every gateway: it acks what `acking` allows and records every
      // command it receives, and those it receives again after acking them.
      const gateways = await mqtt.connectAsync(broker.url, { clientId: 'lb-gateways', reconnectPeriod: 0 });
      cleanups.push(() => void gateways.end(true));
      const received = new Map<string, CommandMessage & { sn: string; times: number }>();
      const ackedAt = new Map<string, number>();
      const againAt = new Map<string, number>();
      let killedAt = 0;
      const againAfterAck: string[] = [];
      let acking = (_g: number) => true;
      const ack = (id: string) => {
        const cmd = received.get(id)!;
        ackedAt.set(id, Date.now());
        void gateways.publishAsync(topics.up(cmd.sn, 'ack'), JSON.stringify({ id, status: 'ok' }), {
          qos: 1,
        });
      };
      gateways.on('message', (topic, payload) => {
        const gw = topic.split('/')[2]!;
        const cmd = JSON.parse(payload.toString()) as CommandMessage;
        const seen = received.get(cmd.id);
        if (seen) seen.times++;
        else received.set(cmd.id, { ...cmd, sn: gw, times: 1 });
        if (ackedAt.has(cmd.id)) {
          againAfterAck.push(cmd.id);
          againAt.set(cmd.id, Date.now());
        } else if (acking(gatewayIndex(gw))) ack(cmd.id);
      });
      await gateways.subscribeAsync('ics/v1/+/down/cmd', { qos: 1 });
      const devices = Array.from({ length: LAMPS_PER_GATEWAY }, (_, l) => ({
        dev: address(l),
        kind: 'lamp',
      }));
      for (let g = 0; g < GATEWAYS; g++)
        await gateways.publishAsync(
          topics.up(sn(g), 'hello'),
          JSON.stringify({ v: 1, ts: Date.now(), model: 'LB-GW', heartbeat: 3600, devices }),
          { qos: 1 },
        );
      const lampCount = async () =>
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from dev_device where project_id = $1 and kind = 'lamp'`,
            [project.id],
          )
        )[0]!.n;
      await until(async () => (await lampCount()) === LAMPS, 60_000, 200);

      // ---- readings through the shared subscription: each stored once, both nodes take part ----
      const base = Date.now() - 60_000;
      for (let g = 0; g < GATEWAYS; g++)
        for (let m = 0; m < 10; m++)
          void gateways.publishAsync(
            topics.up(sn(g), 'telemetry'),
            JSON.stringify({
              ts: base + m * 1000,
              readings: Array.from({ length: 10 }, (_, l) => ({
                dev: address(l),
                on: true,
                level: 50,
                power: 60,
              })),
            }),
            { qos: 1 },
          );
      const READINGS = GATEWAYS * 10 * 10;
      const readingsOf = async () =>
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from dev_lamp_reading r join dev_device d on d.id = r.device_id
            where d.project_id = $1`,
            [project.id],
          )
        )[0]!.n;
      await until(async () => (await readingsOf()) >= READINGS, 60_000, 200);
      const accepted = await Promise.all(ports.map((p) => metric(p, 'ics_readings_accepted_total')));
      expect(accepted.every((n) => n > 0)).toBe(true);
      expect(accepted[0]! + accepted[1]!).toBe(READINGS);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await readingsOf()).toBe(READINGS);

      // ---- consoles through the balancer, spread over both nodes by their addresses ----
      const { token } = api;
      const consoles: Console[] = [];
      for (let c = 0; c < CONSOLES; c++)
        consoles.push(await openConsole(balancer.port, token, `127.0.0.${c + 1}`));
      const socketsPerNode = await until(async () => {
        const counts = await Promise.all(ports.map((p) => metric(p, 'ics_websocket_clients')));
        return counts[0]! + counts[1]! === CONSOLES ? counts : null;
      });
      expect(socketsPerNode.every((n) => n > 0)).toBe(true);

      // ---- a strategy with both nodes' schedulers on the same clock: it runs once ----
      const strategyLamps = (
        await db.query<{ id: string; address: string }>(
          `select d.id, d.address from dev_device d join dev_gateway g on g.id = d.gateway_id
          where g.sn = $1 and d.address = any($2::text[]) order by d.address`,
          [sn(0), [address(0), address(1), address(2)]],
        )
      ).map((r) => r.id);
      const at = localTime(Date.now() + AHEAD_MS);
      await api('POST', '/lighting/strategy/add', {
        projectId: project.id,
        name: 'Once',
        actions: [{ at: { type: 'clock', time: at }, action: 'dim', level: 30 }],
        targets: strategyLamps.map((id) => ({ kind: 'lamp', id })),
      });
      writeFileSync(clockFile, String(AHEAD_MS + 60_000));
      // One execution per target (three lamps), each done: not one more from the other node.
      type Executions = {
        total: number;
        records: Array<{ status: string; targetKey: string; lampCount: number }>;
      };
      const executions = () => api<Executions>('GET', '/lighting/strategy/executions?pageSize=50');
      await until(
        async () => {
          const page = await executions();
          return (
            page.records.length >= strategyLamps.length && page.records.every((r) => r.status === 'done')
          );
        },
        60_000,
        250,
      );
      const dimsOfStrategy = () =>
        [...received.values()].filter(
          (c) => c.cmd === 'lamp.dim' && (c.params as { level?: number }).level === 30,
        );
      await new Promise((r) => setTimeout(r, 3_000));
      const ran = await executions();
      expect(ran.records.map((r) => `${r.targetKey}:${r.lampCount}`).sort()).toEqual(
        strategyLamps.map((id) => `lamp:${id}:1`).sort(),
      );
      expect(
        dimsOfStrategy()
          .map((c) => `${c.dev}×${c.times}`)
          .sort(),
      ).toEqual([address(0), address(1), address(2)].map((a) => `${a}×1`));

      // ---- a batch to all 10,000 lamps; the node that sends it dies half-way ----
      acking = (g) => g < ACK_BEFORE;
      const job = await api<{ id: string }>('POST', '/lighting/control/send', {
        scope: 'project',
        ids: [project.id],
        action: 'dim',
        level: 42,
        confirm: true,
      });
      const statuses = async () =>
        new Map(
          (
            await db.query<{ id: string; status: string; node_id: string }>(
              'select id, status, node_id from dev_command where batch_id = $1',
              [job.id],
            )
          ).map((r) => [r.id, r]),
        );
      const ofBatch = () =>
        [...received.values()].filter(
          (c) => c.cmd === 'lamp.dim' && (c.params as { level?: number }).level === 42,
        );
      await until(async () => ofBatch().length === LAMPS && (await statuses()).size === LAMPS, 60_000, 100);
      const byGateway = (g: (i: number) => boolean) => ofBatch().filter((c) => g(gatewayIndex(c.sn)));
      await until(
        async () => {
          const s = await statuses();
          return byGateway((i) => i < ACK_BEFORE).every((c) => s.get(c.id)?.status === 'acked');
        },
        30_000,
        100,
      );
      const senders = new Set([...(await statuses()).values()].map((r) => r.node_id));
      expect(senders.size).toBe(1);
      const sender = [...senders][0]!;
      const survivor = [...nodes.keys()].find((id) => id !== sender)!;
      // Every console, on either node, heard the 5,000 acks, which the broker split between nodes.
      for (const operator of consoles)
        await until(
          async () => {
            const outcomes = operator.heard
              .filter((m) => m.payload.jobId === job.id)
              .flatMap((m) => m.payload.outcomes);
            return (
              new Set(outcomes.filter((o) => o.status === 'acked').map((o) => o.commandId)).size >= LAMPS / 2
            );
          },
          30_000,
          100,
        );
      const ackedOn = await Promise.all(ports.map((p) => metric(p, 'ics_commands_total', 'status="acked"')));
      expect(ackedOn.every((n) => n > 0)).toBe(true);

      await crash(nodes.get(sender)!.process);
      killedAt = Date.now();
      const atKill = await statuses();
      const ackedAtKill = [...atKill.values()].filter((r) => r.status === 'acked').map((r) => r.id);
      expect(ackedAtKill.length).toBeGreaterThanOrEqual(LAMPS / 2);
      // The sender had given up on none of the rest (else the survivor has nothing to take over).
      expect([...atKill.values()].filter((r) => r.status !== 'acked' && r.status !== 'pending')).toEqual([]);
      // Acked while the sender is dead (some of these acks the broker keeps for its session, which
      // the survivor drains); then the survivor's resends are acked, except the last ten gateways'.
      for (const c of byGateway((i) => i >= ACK_BEFORE && i < ACK_AT_KILL)) ack(c.id);
      acking = (g) => g < NEVER_FROM;

      // Consoles that were on the dead node reconnect through the balancer.
      // Every socket the dead node held closes (each at its own moment), and no other.
      const onSender = socketsPerNode[Number(sender.slice(-1)) - 1]!;
      const dropped = await until(async () => {
        const closed = consoles.filter((c) => c.closed);
        return closed.length >= onSender ? closed : null;
      });
      for (const [c, operator] of consoles.entries())
        if (operator.closed)
          await until(
            () =>
              openConsole(balancer.port, token, `127.0.0.${c + 1}`, operator).then(
                () => true,
                () => false,
              ),
            30_000,
            500,
          );
      expect(dropped.length).toBe(onSender);

      const done = await until(
        async () => {
          const s = await statuses();
          return [...s.values()].every((r) => r.status !== 'pending') ? s : null;
        },
        120_000,
        250,
      );
      const expected = (c: { sn: string }) => (gatewayIndex(c.sn) < NEVER_FROM ? 'acked' : 'timeout');
      expect(ofBatch().filter((c) => done.get(c.id)?.status !== expected(c))).toEqual([]);
      expect(ackedAtKill.filter((id) => done.get(id)?.status !== 'acked')).toEqual([]);
      // Nothing was sent again to a lamp after it acked; the survivor finished the rest.
      expect(
        againAfterAck.map((id) => {
          const c = received.get(id)!;
          return `${id} gateway ${gatewayIndex(c.sn)} received ${c.times}× acked ${ackedAt.get(id)! - killedAt} ms after the kill, again ${againAt.get(id)! - killedAt} ms after it; at the kill ${atKill.get(id)?.status}`;
        }),
      ).toEqual([]);
      const finishedBySurvivor = byGateway((i) => i >= ACK_AT_KILL).filter(
        (c) => done.get(c.id)?.node_id !== survivor,
      );
      expect(finishedBySurvivor).toEqual([]);
      // Every console, reconnected or not, hears the batch end with the survivor's counts.
      for (const operator of consoles)
        await until(
          async () =>
            operator.heard.some(
              (m) =>
                m.payload.jobId === job.id &&
                m.payload.done &&
                m.payload.counts.acked === LAMPS - LAMPS / 10 &&
                m.payload.counts.timeout === LAMPS / 10,
            ),
          30_000,
          100,
        );
      for (const operator of consoles) operator.socket.close();
    });
  },
);
