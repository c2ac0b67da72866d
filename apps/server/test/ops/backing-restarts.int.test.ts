import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { topics } from '@ics/contract/server';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../harness';
import { freePort, mosquittoAvailable, startMosquitto } from '../mosquitto';
import { postgresSetup, startPostgres } from '../postgres-server';
import { redisAvailable, startRedis } from '../redis';
import { serve, signIn } from '../server-process';
import { until } from '../until';

// One server process on its own PostgreSQL, Mosquitto and Redis while a gateway publishes QoS 1
// readings at 50 a second. Each backing service is stopped for a few seconds and started again
// on the same port and data: meanwhile the node stays alive and says it is not ready, naming the
// part; afterwards it is ready again, and every reading the broker acknowledged is stored once.
const SN = 'GW-RESTARTS';
const PER_SECOND = 50;
const DOWN_MS = 3_000;
const READY_AGAIN_MS = 30_000;

// Without Mosquitto or Redis on this machine the test is skipped; without a usable PostgreSQL
// server the node runs on PGlite and the database restart is left out. The title says which.
const postgres = postgresSetup();
const missing = [!mosquittoAvailable() && 'mosquitto', !redisAvailable() && 'redis-server'].filter(Boolean);
const title = 'backing services restarting under load';
const titled =
  missing.length > 0
    ? `${title}: skipped, needs ${missing.join(' and ')} installed`
    : 'missing' in postgres
      ? `${title} (database restart left out: ${postgres.missing})`
      : title;
if (titled !== title) console.warn(titled);

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Ready = { status: number; checks: Record<string, string> };

async function health(port: number): Promise<{ live: number; ready: Ready }> {
  const base = `http://127.0.0.1:${port}/ics/health`;
  const [live, ready] = await Promise.all([fetch(`${base}/live`), fetch(`${base}/ready`)]);
  const body = (await ready.json()) as { result: { checks: Record<string, string> } };
  await live.arrayBuffer();
  return { live: live.status, ready: { status: ready.status, checks: body.result.checks } };
}

describe.skipIf(missing.length > 0)(titled, () => {
  it('keeps the node alive, not ready while a part is down, ready after, and every acknowledged reading stored once', {
    timeout: 120_000,
  }, async () => {
    const broker = await startMosquitto({ persistent: true });
    cleanups.push(() => broker.stop());
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const database = 'missing' in postgres ? null : await startPostgres(postgres);
    if (database) cleanups.push(() => database.stop());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ics-restarts-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const node = await serve(
      {
        ...(database ? { DATABASE_URL: database.url } : {}),
        REDIS_URL: redis.url,
        MQTT_URL: broker.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ICS_NODE_ID: 'restarts-node',
        ICS_ADMIN_PASSWORD: ADMIN_PASSWORD,
        ICS_DEMO: '0',
      },
      cleanups,
    );
    let log = '';
    node.stdout!.on('data', (chunk: Buffer) => {
      log += chunk;
    });
    node.stderr!.on('data', (chunk: Buffer) => {
      log += chunk;
    });
    let exited: string | null = null;
    node.once('exit', (code, signal) => {
      exited = `the server exited (${code ?? signal}):\n${log.slice(-4_000)}`;
    });

    const api = await signIn(port);
    const project = await api<{ id: string }>('POST', '/sys/project/add', {
      name: 'Restarts',
      code: 'RESTARTS',
      longitude: 117.2,
      latitude: 34.2,
    });
    const gateway = await api<{ id: string }>('POST', '/lighting/gateway/add', {
      projectId: project.id,
      sn: SN,
      name: 'restarts',
    });
    const lamp = await api<{ id: string }>('POST', '/lighting/device/add', {
      gatewayId: gateway.id,
      kind: 'lamp',
      address: 'L001',
      name: 'lamp',
    });
    await until(async () => (await health(port)).ready.status === 200, READY_AGAIN_MS, 200);

    // The gateway: a persistent session that resends what the broker did not acknowledge when
    // it reconnects; only readings whose PUBACK it saw are the platform's to keep. It retries
    // every 5 s, the platform every 1 s: Mosquitto 2.0 resumes the platform's session without
    // its shared subscription, so what reaches a restarted broker before the platform has
    // subscribed again goes nowhere (docs/deployment.md, "When a backing service restarts").
    const client = await mqtt.connectAsync(broker.url, {
      clientId: SN,
      clean: false,
      reconnectPeriod: 5_000,
    });
    cleanups.push(() => void client.end(true));
    const first = Date.now() - 3_600_000;
    const acknowledged = new Set<number>();
    let published = 0;
    const publisher = setInterval(() => {
      const ts = first + published++;
      const body = JSON.stringify({ ts, readings: [{ dev: 'L001', on: true, level: ts % 101 }] });
      client.publish(topics.up(SN, 'telemetry'), body, { qos: 1 }, (error) => {
        if (!error) acknowledged.add(ts);
      });
    }, 1_000 / PER_SECOND);
    cleanups.push(() => clearInterval(publisher));

    const parts = [
      ...(database ? [{ part: 'database', service: database }] : []),
      { part: 'broker', service: broker },
      { part: 'redis', service: redis },
    ];
    for (const { part, service } of parts) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const before = published;
      await service.halt();
      const stoppedAt = Date.now();
      const down = await until(
        async () => {
          const now = await health(port);
          return now.ready.status === 503 && now.ready.checks[part] === 'failing' ? now : null;
        },
        DOWN_MS,
        100,
      ).catch(() => null);
      expect(down, `ready answers 503 naming ${part} while it is down`).toMatchObject({
        live: 200,
        ready: { status: 503 },
      });
      await new Promise((resolve) => setTimeout(resolve, stoppedAt + DOWN_MS - Date.now()));
      expect((await health(port)).live, `live while ${part} is down`).toBe(200);
      await service.resume();
      const resumedAt = Date.now();
      await until(async () => (await health(port)).ready.status === 200, READY_AGAIN_MS, 200).catch(
        () => undefined,
      );
      const ready = await health(port);
      expect(ready.ready, `ready again after ${part} restarted`).toEqual({
        status: 200,
        checks: expect.not.objectContaining({ [part]: 'failing' }),
      });
      console.info(
        `${part}: down ${DOWN_MS} ms, ready again ${Date.now() - resumedAt} ms after it started; ${published - before} readings published meanwhile`,
      );
      expect(exited).toBeNull();
    }
    clearInterval(publisher);

    // The gateway's retries settle, then the platform has stored each acknowledged reading once.
    await until(async () => acknowledged.size === published, 20_000, 200).catch(() => undefined);
    expect(published - acknowledged.size, 'readings the broker never acknowledged').toBe(0);
    const from = new Date(first).toISOString();
    const to = new Date(first + published).toISOString();
    let stored: number[] = [];
    await until(
      async () => {
        const points = await api<Array<{ ts: string }>>(
          'GET',
          `/lighting/lamp/history?deviceId=${lamp.id}&interval=raw&limit=10000&from=${from}&to=${to}`,
        );
        stored = points.map((p) => Date.parse(p.ts));
        return new Set(stored).size >= acknowledged.size;
      },
      30_000,
      500,
    ).catch(() => undefined);
    const storedOnce = new Set(stored);
    expect(
      [...acknowledged].filter((ts) => !storedOnce.has(ts)),
      'acknowledged readings not stored',
    ).toEqual([]);
    expect(stored.length - storedOnce.size, 'readings stored twice').toBe(0);
    expect(exited).toBeNull();
  });
});
