import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { topics } from '@ics/contract/server';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, dbVariants } from '../../../../test/harness';
import { freePort, mosquittoAvailable, startMosquitto } from '../../../../test/mosquitto';
import { crash, serve, signIn } from '../../../../test/server-process';
import { until } from '../../../../test/until';

// A gateway publishes QoS 1 readings through Mosquitto to a server process, which is killed
// (SIGKILL) in the middle of the stream; the gateway goes on publishing while the node is dead,
// and the node starts again under the same node id. The broker acknowledged every message to the
// gateway, so every one must be stored: those the dead node had taken in but not acknowledged,
// and those the broker queued for its persistent session meanwhile.
const MESSAGES = 1_500;
const IN_FLIGHT = 40;
/** Broker PUBACKs after which the node is killed. */
const KILL_AFTER = 400;
const SN = 'GW-EXT-CRASH';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

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

describe.skipIf(!mosquittoAvailable())(
  'external broker: a node killed during QoS 1 ingestion loses nothing',
  () => {
    for (const variant of variants)
      it(`stores every reading the broker acknowledged [${variant.name}]`, { timeout: 240_000 }, async () => {
        const broker = await startMosquitto();
        cleanups.push(() => broker.stop());
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ics-ext-crash-'));
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        const env = {
          ...(await variant.database()),
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          MQTT_URL: broker.url,
          ICS_NODE_ID: `crash-${variant.name}`,
          ICS_ADMIN_PASSWORD: ADMIN_PASSWORD,
          ICS_DEMO: '0',
        };
        const node = await serve(env, cleanups);
        let api = await signIn(Number(env.PORT));
        const project = await api<{ id: string }>('POST', '/sys/project/add', {
          name: 'External crash',
          code: 'EXTCRASH',
          longitude: 117.2,
          latitude: 34.2,
        });
        const gateway = await api<{ id: string }>('POST', '/lighting/gateway/add', {
          projectId: project.id,
          sn: SN,
          name: 'crash',
        });
        const lamp = await api<{ id: string }>('POST', '/lighting/device/add', {
          gatewayId: gateway.id,
          kind: 'lamp',
          address: 'L001',
          name: 'lamp',
        });
        const client = await mqtt.connectAsync(broker.url, { clientId: SN, reconnectPeriod: 0 });
        cleanups.push(() => void client.end(true));

        const first = Date.now() - 60_000;
        const acknowledged: number[] = [];
        let next = 0;
        let killed: Promise<void> | null = null;
        await new Promise<void>((resolve) => {
          const publish = () => {
            if (next >= MESSAGES) return;
            const ts = first + next++;
            const body = JSON.stringify({ ts, readings: [{ dev: 'L001', on: true, level: ts % 101 }] });
            client.publish(topics.up(SN, 'telemetry'), body, { qos: 1 }, (error) => {
              if (error) return;
              acknowledged.push(ts);
              if (acknowledged.length === KILL_AFTER) killed = crash(node);
              if (acknowledged.length === MESSAGES) resolve();
              publish();
            });
          };
          for (let i = 0; i < IN_FLIGHT; i++) publish();
        });
        await killed;
        expect(acknowledged).toHaveLength(MESSAGES);

        await serve(env, cleanups);
        api = await signIn(Number(env.PORT));
        const from = new Date(first).toISOString();
        const to = new Date(first + MESSAGES).toISOString();
        const stored = new Set<number>();
        await until(
          async () => {
            const points = await api<Array<{ ts: string }>>(
              'GET',
              `/lighting/lamp/history?deviceId=${lamp.id}&interval=raw&limit=10000&from=${from}&to=${to}`,
            );
            for (const p of points) stored.add(Date.parse(p.ts));
            return stored.size >= MESSAGES;
          },
          60_000,
          250,
        ).catch(() => undefined);
        expect(acknowledged.filter((ts) => !stored.has(ts))).toEqual([]);
      });
  },
);
