import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { topics } from '@ics/contract/server';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, dbVariants } from '../../../../test/harness';
import { freePort } from '../../../../test/mosquitto';
import { serve, signIn } from '../../../../test/server-process';

// A gateway publishes QoS 1 readings to the server process, which is killed (SIGKILL) in the
// middle of the stream and started again on the same data: every reading the gateway got a
// PUBACK for must be stored, since a gateway forgets what was acknowledged.
const MESSAGES = 1_500;
const IN_FLIGHT = 40;
/** PUBACKs after which the server is killed, with about `IN_FLIGHT` messages on their way. */
const KILL_AFTER = 400;
const SN = 'GW-CRASH';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Publishes readings `first`, `first + 1`… (their timestamps), `IN_FLIGHT` at a time, and calls
 * `kill` after `KILL_AFTER` PUBACKs; answers the readings acknowledged once the connection is gone.
 */
async function publishUntilKilled(client: MqttClient, first: number, kill: () => void): Promise<number[]> {
  const acknowledged: number[] = [];
  let next = 0;
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  const publish = () => {
    if (next >= MESSAGES || acknowledged.length >= KILL_AFTER) return;
    const ts = first + next++;
    const body = JSON.stringify({ ts, readings: [{ dev: 'L001', on: true, level: ts % 101 }] });
    client.publish(topics.up(SN, 'telemetry'), body, { qos: 1 }, (error) => {
      if (error) return;
      // PUBACKs already on their way when the server dies count too.
      acknowledged.push(ts);
      if (acknowledged.length === KILL_AFTER) kill();
      publish();
    });
  };
  for (let i = 0; i < IN_FLIGHT; i++) publish();
  await closed;
  return acknowledged;
}

/** Where each variant keeps its data; the data directory is on disk in both. */
const variants: Array<{ name: string; database(): Promise<Record<string, string>> }> = [
  { name: 'pglite', database: async () => ({}) },
  ...dbVariants()
    .filter((v) => v.name === 'postgres')
    .map((postgres) => ({
      name: 'postgres',
      async database() {
        const { url, drop } = await postgres.open();
        cleanups.push(drop);
        return { DATABASE_URL: url! };
      },
    })),
];

describe('no acknowledged reading is lost when the server is killed', () => {
  for (const variant of variants)
    it(`stores every reading it acknowledged [${variant.name}]`, { timeout: 240_000 }, async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ics-crash-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = {
        ...(await variant.database()),
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        MQTT_PORT: String(await freePort()),
        HOST: '127.0.0.1',
        ICS_ADMIN_PASSWORD: ADMIN_PASSWORD,
        ICS_DEMO: '0',
      };
      const server = await serve(env, cleanups);
      let api = await signIn(Number(env.PORT));
      const project = await api<{ id: string }>('POST', '/sys/project/add', {
        name: 'Crash',
        code: 'CRASH',
        longitude: 117.2,
        latitude: 34.2,
      });
      const gateway = await api<{ id: string; credentials: { password: string } }>(
        'POST',
        '/lighting/gateway/add',
        { projectId: project.id, sn: SN, name: 'crash' },
      );
      const lamp = await api<{ id: string }>('POST', '/lighting/device/add', {
        gatewayId: gateway.id,
        kind: 'lamp',
        address: 'L001',
        name: 'lamp',
      });
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${env.MQTT_PORT}`, {
        clientId: SN,
        username: SN,
        password: gateway.credentials.password,
        reconnectPeriod: 0,
      });
      const first = Date.now() - 60_000;
      const acknowledged = await publishUntilKilled(client, first, () => server.kill('SIGKILL'));
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(acknowledged.length).toBeLessThan(MESSAGES);

      await serve(env, cleanups);
      api = await signIn(Number(env.PORT));
      const from = new Date(first).toISOString();
      const to = new Date(first + MESSAGES).toISOString();
      const points = await api<Array<{ ts: string }>>(
        'GET',
        `/lighting/lamp/history?deviceId=${lamp.id}&interval=raw&limit=10000&from=${from}&to=${to}`,
      );
      const stored = new Set(points.map((p) => Date.parse(p.ts)));
      expect(acknowledged.filter((ts) => !stored.has(ts))).toEqual([]);
    });
});
