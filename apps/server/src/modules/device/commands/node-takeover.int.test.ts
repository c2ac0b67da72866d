import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CommandMessage, topics } from '@ics/contract/server';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type DbVariant, dbVariants, startTestApp } from '../../../../test/harness';
import { freePort, mosquittoAvailable, startMosquitto } from '../../../../test/mosquitto';
import { crash, serve, signIn } from '../../../../test/server-process';
import { until } from '../../../../test/until';
import { openDatabase } from '../../../db/database';

// Node A (a server process) sends commands and is killed with kill -9 before all of them are
// acked; node B (on the same PostgreSQL and Mosquitto) claims A's lapsed lease, drains what the
// broker held for A's session, and finishes A's commands: it resends those not acked and times
// out those never acked, and sends nothing again to a gateway that acked.
const postgres = dbVariants().find((v) => v.name === 'postgres');
const missing = [
  !postgres && 'TEST_DATABASE_URL (a PostgreSQL server both nodes share)',
  !mosquittoAvailable() && 'mosquitto (the test starts its own broker)',
].filter(Boolean);
const title = 'a surviving node takes over the pending commands of a dead one';

const TIMEOUT_MS = 1_500;
const RETRIES = 4;
const LEASE_SECONDS = 2;
/** Gateways 0-1 ack before A dies, 2-3 just after (before B claims), 4 on B's resend, 5 never. */
const GATEWAYS = 6;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(missing.length > 0)(
  missing.length ? `${title}: skipped, set ${missing.join(' and ')}` : title,
  () => {
    it('finishes every command of the dead node once', { timeout: 120_000 }, async () => {
      const broker = await startMosquitto();
      cleanups.push(() => broker.stop());
      const shared = await postgres!.open();
      cleanups.push(shared.drop);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ics-takeover-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const common = {
        MQTT_URL: broker.url,
        ICS_COMMAND_TIMEOUT_MS: String(TIMEOUT_MS),
        ICS_COMMAND_RETRIES: String(RETRIES),
        ICS_NODE_LEASE_SECONDS: String(LEASE_SECONDS),
      };
      const portA = await freePort();
      const nodeA = await serve(
        {
          ...common,
          DATABASE_URL: shared.url!,
          DATA_DIR: dataDir,
          PORT: String(portA),
          HOST: '127.0.0.1',
          ICS_NODE_ID: 'node-a',
          ICS_ADMIN_PASSWORD: ADMIN_PASSWORD,
          ICS_DEMO: '0',
        },
        cleanups,
      );
      const perNode: DbVariant = {
        name: 'postgres',
        async open() {
          const db = await openDatabase({ databaseUrl: shared.url! });
          return { db, drop: () => db.close() };
        },
      };
      const nodeB = await startTestApp(perNode, { ...common, ICS_NODE_ID: 'node-b' });
      cleanups.push(() => nodeB.close());
      await nodeB.services.devices.start();

      const api = await signIn(portA);
      const project = await api<{ id: string }>('POST', '/sys/project/add', {
        name: 'Takeover',
        code: 'TAKEOVER',
        longitude: 117.2,
        latitude: 34.2,
      });
      const sns = Array.from({ length: GATEWAYS }, (_, i) => `GW-TAKE-${i}`);
      const gatewayIds: string[] = [];
      for (const sn of sns)
        gatewayIds.push(
          (
            await api<{ id: string }>('POST', '/lighting/gateway/add', {
              projectId: project.id,
              sn,
              name: sn,
            })
          ).id,
        );

      // One client answers for the six gateways; it acks what `acking` allows, and records every
      // command it receives after it acked that command.
      const client: MqttClient = await mqtt.connectAsync(broker.url, {
        clientId: 'gateways',
        reconnectPeriod: 0,
      });
      cleanups.push(() => void client.end(true));
      const snOf = new Map<string, string>();
      const received = new Map<string, number>();
      const ackedAt = new Map<string, number>();
      const againAfterAck: string[] = [];
      let acking = (_sn: string) => false;
      const ack = (sn: string, id: string) => {
        ackedAt.set(id, Date.now());
        void client.publishAsync(topics.up(sn, 'ack'), JSON.stringify({ id, status: 'ok' }), { qos: 1 });
      };
      client.on('message', (topic, payload) => {
        const sn = sns.find((s) => topics.down(s) === topic)!;
        const cmd = JSON.parse(payload.toString()) as CommandMessage;
        snOf.set(cmd.id, sn);
        received.set(cmd.id, (received.get(cmd.id) ?? 0) + 1);
        if (ackedAt.has(cmd.id)) againAfterAck.push(cmd.id);
        else if (acking(sn)) ack(sn, cmd.id);
      });
      await client.subscribeAsync(
        sns.map((sn) => topics.down(sn)),
        { qos: 1 },
      );

      acking = (sn) => sn === sns[0] || sn === sns[1];
      const sent = await api<{ commands: Array<{ id: string }> }>('POST', '/lighting/gateway/command', {
        gatewayIds,
        command: { cmd: 'device.clockSync' },
      });
      const ids = sent.commands.map((c) => c.id);
      expect(ids).toHaveLength(GATEWAYS);
      const statusOf = async () =>
        new Map(
          (
            await nodeB.db.query<{ id: string; status: string; node_id: string; attempts: number }>(
              'select id, status, node_id, attempts from dev_command where id = any($1::text[])',
              [ids],
            )
          ).map((r) => [r.id, r]),
        );
      await until(async () => {
        const s = await statusOf();
        return s.get(ids[0]!)?.status === 'acked' && s.get(ids[1]!)?.status === 'acked';
      });
      await until(async () => ids.every((id) => received.has(id)));

      await crash(nodeA);
      const atKill = await statusOf();
      expect(ids.slice(2).map((id) => atKill.get(id)?.status)).toEqual(Array(4).fill('pending'));
      expect(ids.slice(2).map((id) => atKill.get(id)?.node_id)).toEqual(Array(4).fill('node-a'));
      // Acked while A is dead and before B claims its lease: the broker's shared subscription
      // hands some of these to A's session, which B drains.
      ack(sns[2]!, ids[2]!);
      ack(sns[3]!, ids[3]!);
      acking = (sn) => sn === sns[4];

      const done = await until(
        async () => {
          const s = await statusOf();
          return ids.every((id) => s.get(id)?.status !== 'pending') ? s : null;
        },
        30_000,
        100,
      );
      expect(ids.map((id) => done.get(id)?.status)).toEqual([
        'acked',
        'acked',
        'acked',
        'acked',
        'acked',
        'timeout',
      ]);
      expect(done.get(ids[4]!)?.node_id).toBe('node-b');
      expect(done.get(ids[5]!)?.node_id).toBe('node-b');
      // B resent what was not acked, up to the retries: the last one reached every attempt.
      expect(received.get(ids[4]!)).toBeGreaterThanOrEqual(2);
      expect(received.get(ids[5]!)).toBe(RETRIES + 1);
      expect(done.get(ids[5]!)?.attempts).toBe(RETRIES + 1);
      expect(againAfterAck).toEqual([]);
      const [lease] = await nodeB.db.query<{ taken_by: string }>(
        `select taken_by from dev_node_lease where node_id = 'node-a'`,
      );
      expect(lease?.taken_by).toBe('node-b');
    });
  },
);
