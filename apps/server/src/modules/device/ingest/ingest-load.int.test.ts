import { topics } from '@ics/contract/server';
import mqtt, { type MqttClient } from 'mqtt';
import { beforeAll, expect, it } from 'vitest';
import { auth, describeWithApp, type TestApp } from '../../../../test/harness';
import { until } from '../../../../test/until';
import type { Database } from '../../../db/database';
import type { DeviceBus } from '../bus/device-bus';
import { CommandRepository } from '../commands/command.repository';
import { CommandTracker } from '../commands/command-tracker';
import { InProcessLiveEvents } from '../live/live-events';
import { RawMessageLog } from '../live/raw-log';
import { DeviceRuntime, type DeviceRuntimeOptions } from '../runtime/device-runtime';

// Ingestion under load, on both databases: bursts larger than one batch (and than one COPY or
// insert chunk) are stored completely, senders are held back instead of readings dropped, and
// a command is acknowledged while a burst is still being written.

const LAMPS = 500;
const BATCH = 20_000; // the runtime's default batch size (readings per flush)
const silent = { warn() {}, error() {}, info() {} };

type Gateway = { id: string; sn: string; password: string; client: MqttClient };

const address = (i: number) => `L${String(i + 1).padStart(3, '0')}`;

/** A gateway added through the API, connected to `url`, with `LAMPS` lamps registered by hello. */
async function gateway(ctx: TestApp, token: string, url: string, sn: string): Promise<Gateway> {
  const [project] = await ctx.db.query<{ id: string }>(
    `insert into sys_project (name, code) values ($1, $1) returning id`,
    [`P-${sn}`],
  );
  const res = await ctx.request({
    method: 'POST',
    url: '/ics/lighting/gateway/add',
    headers: auth(token),
    payload: { projectId: project!.id, sn, name: sn },
  });
  expect(res.status).toBe(200);
  const { id, credentials } = res.body.result as { id: string; credentials: { password: string } };
  const client = await connect(url, sn, credentials.password);
  await client.publishAsync(
    topics.up(sn, 'hello'),
    JSON.stringify({
      v: 1,
      ts: Date.now(),
      devices: Array.from({ length: LAMPS }, (_, i) => ({ dev: address(i), kind: 'lamp' })),
    }),
    { qos: 1 },
  );
  await until(async () => {
    const [row] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from dev_device where gateway_id = $1',
      [id],
    );
    return row?.n === LAMPS;
  });
  return { id, sn, password: credentials.password, client };
}

function connect(url: string, sn: string, password: string): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: `${sn}:${Math.random().toString(16).slice(2, 8)}`,
    username: sn,
    password,
    reconnectPeriod: 0,
  });
}

/** Publishes `messages` telemetry messages, each with a reading of every lamp; answers the readings sent. */
async function burst(gw: Gateway, messages: number): Promise<number> {
  const sends: Array<Promise<unknown>> = [];
  for (let m = 0; m < messages; m++) {
    const ts = Date.now() - messages + m;
    const readings = Array.from({ length: LAMPS }, (_, i) => ({
      dev: address(i),
      on: true,
      level: 50,
      power: 60 + (i % 7),
      voltage: 220.5,
      energy: 100 + m / 100,
    }));
    sends.push(gw.client.publishAsync(topics.up(gw.sn, 'telemetry'), JSON.stringify({ ts, readings })));
  }
  await Promise.all(sends);
  return messages * LAMPS;
}

async function storedReadings(ctx: TestApp, gatewayId: string): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from dev_lamp_reading r join dev_device d on d.id = r.device_id
      where d.gateway_id = $1`,
    [gatewayId],
  );
  return row?.n ?? 0;
}

type Lamp = { id: string; project_id: string; address: string };

/** The gateway's lamps at these addresses, in address order. */
function lampsOf(db: Database, gw: Gateway, addresses: string[]): Promise<Lamp[]> {
  return db.query<Lamp>(
    `select id, project_id, address from dev_device where gateway_id = $1 and address = any($2::text[])
      order by address`,
    [gw.id, addresses],
  );
}

/** `lamp.dim` to one lamp through the runtime's command tracker, as the command routes send it. */
function dimLamp(runtime: DeviceRuntime, gw: Gateway, lamp: Lamp, level = 20) {
  const target = {
    projectId: lamp.project_id,
    gatewayId: gw.id,
    gatewaySn: gw.sn,
    deviceId: lamp.id,
    address: lamp.address,
  };
  return runtime.commands.send([target], 'lamp.dim', { level, ramp: 0 }, 'test');
}

/** `lamp.dim` to one lamp through the command API, as the console sends it; answers the command's id. */
async function dimThroughApi(ctx: TestApp, token: string, lampId: string, level: number): Promise<string> {
  const res = await ctx.request({
    method: 'POST',
    url: '/ics/lighting/lamp/command',
    headers: auth(token),
    payload: { deviceIds: [lampId], command: { cmd: 'lamp.dim', params: { level, ramp: 0 } } },
  });
  expect(res.status).toBe(200);
  return res.body.result.commands[0].id as string;
}

/** The gateway's `ok` ack of a command, handed to the runtime's ingestion. */
function ackOk(runtime: DeviceRuntime, gw: Gateway, commandId: string) {
  const ack = { id: commandId, ts: Date.now(), status: 'ok' };
  return runtime.ingest.handle(topics.up(gw.sn, 'ack'), Buffer.from(JSON.stringify(ack)));
}

describeWithApp(
  'device ingestion under load',
  (ctx) => {
    let token: string;
    let url: string;

    /**
     * A second runtime on the same database, on its own embedded broker, with a small
     * high-water mark (the default is 100,000 readings) and the given batching.
     */
    const smallRuntime = async (
      batching: Pick<DeviceRuntimeOptions, 'batchSize' | 'highWater' | 'flushMs' | 'stateWriteMs'>,
      db: Database = ctx().db,
    ): Promise<DeviceRuntime> => {
      const runtime = new DeviceRuntime(db, new InProcessLiveEvents(), silent, {
        mqttUrl: undefined,
        mqttClientId: 'unused-by-the-embedded-broker',
        nodeId: `load-${Math.random().toString(16).slice(2, 8)}`,
        nodeLeaseSeconds: 15,
        mqttPort: 0,
        offlineSeconds: 90,
        commandTimeoutMs: 10_000,
        commandRetries: 0,
        retentionDays: 90,
        ...batching,
      });
      await runtime.start();
      return runtime;
    };

    beforeAll(async () => {
      await ctx().services.devices.start();
      url = ctx().services.devices.brokerUrl!;
      token = await ctx().login();
    });

    it('stores a burst larger than one batch completely, and its rollups', async () => {
      const gw = await gateway(ctx(), token, url, 'GW-BURST');
      const ingest = ctx().services.devices.ingest;
      const before = { ...ingest.stats };
      const sent = await burst(gw, 50); // 25,000 readings: more than a batch, many COPY / insert chunks
      expect(sent).toBeGreaterThan(BATCH);
      await until(async () => ingest.stats.readings - before.readings === sent);
      await ingest.drain();
      expect(await storedReadings(ctx(), gw.id)).toBe(sent);
      expect(ingest.stats.dropped - before.dropped).toBe(0);
      expect(ingest.stats.flushErrors - before.flushErrors).toBe(0);

      // Hourly rollups from the in-memory sums equal those recomputed from the stored rows.
      await ctx().services.devices.rollup();
      const rollups = () =>
        ctx().db.query<{ grain: string; samples: number; level: number; power: number; delta: number }>(
          `select r.grain, sum(r.samples)::int as samples, round(avg(r.level_avg)::numeric, 3)::float8 as level,
                  round(avg(r.power_avg)::numeric, 3)::float8 as power, round(sum(r.energy_delta)::numeric, 3)::float8 as delta
             from dev_lamp_rollup r join dev_device d on d.id = r.device_id
            where d.gateway_id = $1 group by r.grain order by r.grain`,
          [gw.id],
        );
      const incremental = await rollups();
      expect(incremental.map((r) => [r.grain, r.samples])).toEqual([
        ['d', sent],
        ['h', sent],
      ]);
      const now = Date.now();
      await ctx().services.devices.store.rollup(new Date(now - 3_600_000), new Date(now + 60_000));
      expect(await rollups()).toEqual(incremental);
      await gw.client.endAsync();
    });

    it('acknowledges a command while a burst is still being written', async () => {
      const loaded = await gateway(ctx(), token, url, 'GW-LOAD');
      const commanded = await gateway(ctx(), token, url, 'GW-CMD');
      const ingest = ctx().services.devices.ingest;
      // The device side: ack each command, then report the level it was dimmed to.
      await commanded.client.subscribeAsync(topics.down(commanded.sn), { qos: 1 });
      // The telemetry goes once the broker has taken the ack (QoS 1), as the simulator does.
      commanded.client.on('message', (_topic, payload) => {
        const cmd = JSON.parse(payload.toString()) as { id: string; dev: string; params: { level: number } };
        void (async () => {
          await commanded.client.publishAsync(
            topics.up(commanded.sn, 'ack'),
            JSON.stringify({ id: cmd.id, status: 'ok' }),
            { qos: 1 },
          );
          await commanded.client.publishAsync(
            topics.up(commanded.sn, 'telemetry'),
            JSON.stringify({
              ts: Date.now(),
              readings: [{ dev: cmd.dev, on: true, level: cmd.params.level }],
            }),
          );
        })();
      });
      const [lamp] = await ctx().db.query<{ id: string }>(
        `select id from dev_device where gateway_id = $1 and address = 'L007'`,
        [commanded.id],
      );
      // PostgreSQL: the reading table is locked from another connection, so the burst's COPY
      // cannot finish until the command has been acknowledged; PGlite (one connection, one
      // statement at a time): the burst is long enough that its insert statements are still running.
      const postgres = ctx().db.kind === 'postgres';
      // The day's partition exists before the table is locked.
      const first = ingest.stats.readings;
      await burst(loaded, 1);
      await until(async () => ingest.stats.readings === first + LAMPS);
      await ingest.drain();
      let unlock = () => {};
      const locked = postgres
        ? new Promise<void>((ready) => {
            void ctx().db.transaction(async (tx) => {
              await tx.query('lock table dev_lamp_reading in share mode');
              ready();
              await new Promise<void>((resolve) => {
                unlock = resolve;
              });
            });
          })
        : Promise.resolve();
      await locked;
      const received = ingest.stats.readings;
      const sent = (await burst(loaded, postgres ? 20 : 80)) + LAMPS;
      await until(async () => ingest.backlog > 0);

      const id = await dimThroughApi(ctx(), token, lamp!.id, 37);
      await until(async () => {
        const s = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/command/status?ids=${id}`,
          headers: auth(token),
        });
        return s.body.result[0]?.status === 'acked';
      });
      const state = await until(async () => {
        const d = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/device/queryById?id=${lamp!.id}`,
          headers: auth(token),
        });
        return d.body.result.state?.values?.level === 37 ? d.body.result.state : null;
      });
      expect(state.values.level).toBe(37);
      // The command went through while readings of the burst were still waiting to be stored.
      expect(ingest.backlog).toBeGreaterThan(0);
      unlock();
      await until(async () => ingest.stats.readings >= received + sent - LAMPS);
      await ingest.drain();
      expect(await storedReadings(ctx(), loaded.id)).toBe(sent);
      await loaded.client.endAsync();
      await commanded.client.endAsync();
    });

    it('holds senders back instead of dropping readings when the backlog is full', async () => {
      // Every message (500 readings) reaches the mark: its sender waits until the flush the
      // message started is written.
      const runtime = await smallRuntime({ batchSize: 400, highWater: 400 });
      try {
        const gw = await gateway(ctx(), token, runtime.brokerUrl!, 'GW-PRESSURE');
        const sent = await burst(gw, 40); // 20,000 readings
        await until(async () => runtime.ingest.stats.readings === sent);
        await runtime.ingest.drain();
        expect(runtime.ingest.stats.heldBack).toBeGreaterThan(0);
        expect(runtime.ingest.stats.dropped).toBe(0);
        expect(await storedReadings(ctx(), gw.id)).toBe(sent);
        await gw.client.endAsync();
      } finally {
        await runtime.stop();
      }
    });

    it('writes a latest-state row at once when on/off or level changes, other values when due', async () => {
      const runtime = await smallRuntime({ flushMs: 50, stateWriteMs: 600_000 });
      let password = '';
      const row = async () => {
        const [r] = await ctx().db.query<{ vals: { level?: number; voltage?: number } }>(
          `select s.vals from dev_state s join dev_device d on d.id = s.device_id join dev_gateway g on g.id = d.gateway_id
            where g.sn = 'GW-STATE' and d.address = 'L001'`,
        );
        return r!.vals;
      };
      try {
        const gw = await gateway(ctx(), token, runtime.brokerUrl!, 'GW-STATE');
        password = gw.password;
        const report = (level: number, voltage: number) =>
          gw.client.publishAsync(
            topics.up(gw.sn, 'telemetry'),
            JSON.stringify({ ts: Date.now(), readings: [{ dev: 'L001', on: true, level, voltage }] }),
            { qos: 1 },
          );
        // The first reading: nothing written by this node yet, so at once.
        await report(10, 220);
        await until(async () => (await row()).voltage === 220);
        // A voltage change only: the row keeps the older value until it is due (10 min here)…
        const received = runtime.ingest.stats.readings;
        await report(10, 231);
        await until(async () => runtime.ingest.stats.readings === received + 1);
        await new Promise((r) => setTimeout(r, 300));
        expect(await row()).toMatchObject({ level: 10, voltage: 220 });
        // …a level change is written at once, with every value received meanwhile.
        await report(25, 232);
        await until(async () => (await row()).level === 25);
        expect(await row()).toMatchObject({ level: 25, voltage: 232 });
        // Draining (and stopping) writes whatever is still behind.
        await report(25, 240);
        await until(async () => runtime.ingest.stats.readings === received + 3);
        await runtime.ingest.drain();
        expect(await row()).toMatchObject({ level: 25, voltage: 240 });
        await gw.client.endAsync();
      } finally {
        await runtime.stop();
      }
      // After a restart the node knows what the rows hold: an unchanged level is not urgent.
      // (Stopping marked the gateway offline; the row is as a node serving it would leave it.)
      await ctx().db.query(
        `update dev_state set online = true, update_time = now()
          where device_id in (select d.id from dev_device d join dev_gateway g on g.id = d.gateway_id where g.sn = 'GW-STATE')`,
      );
      const restarted = await smallRuntime({ flushMs: 50, stateWriteMs: 600_000 });
      try {
        const gw = await connect(restarted.brokerUrl!, 'GW-STATE', password);
        const send = (level: number, voltage: number) =>
          gw.publishAsync(
            topics.up('GW-STATE', 'telemetry'),
            JSON.stringify({ ts: Date.now(), readings: [{ dev: 'L001', on: true, level, voltage }] }),
            { qos: 1 },
          );
        await send(25, 250);
        await until(async () => restarted.ingest.stats.readings === 1);
        await new Promise((r) => setTimeout(r, 300));
        expect(await row()).toMatchObject({ level: 25, voltage: 240 });
        await send(30, 251);
        await until(async () => (await row()).level === 30);
        expect(await row()).toMatchObject({ level: 30, voltage: 251 });
        await gw.endAsync();
      } finally {
        await restarted.stop();
      }
    });

    it('handles telemetry in turns, in order per gateway, while acks go first', async () => {
      const runtime = await smallRuntime({});
      try {
        const gw = await gateway(ctx(), token, runtime.brokerUrl!, 'GW-TURNS');
        const { ingest } = runtime;
        await runtime.directory.get(gw.sn); // its entry loaded: nothing waits for a look-up
        const topic = topics.up(gw.sn, 'telemetry');
        const before = ingest.stats.readings;
        // Telemetry waits for its turn (a promise the bus waits on), even with an empty backlog.
        const turns = Array.from({ length: 50 }, (_, m) =>
          ingest.handle(
            topic,
            Buffer.from(
              JSON.stringify({
                ts: Date.now(),
                readings: Array.from({ length: LAMPS }, (_, i) => ({ dev: address(i), level: m })),
              }),
            ),
          ),
        );
        expect(turns.every((t) => t instanceof Promise)).toBe(true);
        expect(ingest.stats.readings).toBe(before);
        // An ack is handled at once, ahead of the queued telemetry.
        const ack = ingest.handle(
          topics.up(gw.sn, 'ack'),
          Buffer.from(JSON.stringify({ id: 'no-such-command', status: 'ok', ts: Date.now() })),
        );
        expect(ack).toBeUndefined();
        expect(ingest.stats.readings).toBe(before);
        await Promise.all(turns);
        expect(ingest.stats.readings - before).toBe(50 * LAMPS);
        await ingest.drain();
        // The last message is the latest state: readings were handled in the order sent.
        const [row] = await ctx().db.query<{ level: number }>(
          `select (s.vals->>'level')::int as level from dev_state s join dev_device d on d.id = s.device_id
            where d.gateway_id = $1 and d.address = 'L001'`,
          [gw.id],
        );
        expect(row!.level).toBe(49);
        await gw.client.endAsync();
      } finally {
        await runtime.stop();
      }
    });

    it('never holds back a gateway awaiting acks, and lets a held one go when a command is sent', async () => {
      // Nothing is flushed during the test, so one reading keeps the backlog over the mark.
      const runtime = await smallRuntime({ batchSize: 1_000_000, flushMs: 600_000, highWater: 1 });
      try {
        const gw = await gateway(ctx(), token, runtime.brokerUrl!, 'GW-ACKS');
        const [lamp] = await lampsOf(ctx().db, gw, ['L001']);
        const topic = topics.up(gw.sn, 'telemetry');
        const reading = (level: number) =>
          Buffer.from(JSON.stringify({ ts: Date.now(), readings: [{ dev: 'L001', on: true, level }] }));

        // Over the mark with no command in flight: the gateway's next message waits.
        let released = false;
        const held = runtime.ingest.handle(topic, reading(10));
        expect(held).toBeInstanceOf(Promise);
        void held!.then(() => {
          released = true;
        });
        await new Promise((r) => setTimeout(r, 50));
        expect(released).toBe(false);

        // A command to that gateway releases it at once, and while the command awaits its ack
        // the gateway is not held back again, however full the backlog.
        const sent = await dimLamp(runtime, gw, lamp!);
        await until(async () => released);
        expect(runtime.commands.awaitingAck(gw.sn)).toBe(true);
        expect(runtime.ingest.handle(topic, reading(20))).toBeUndefined();
        expect(runtime.ingest.backlog).toBeGreaterThan(1);

        // Another gateway, with no command, is still held back.
        const other = await gateway(ctx(), token, runtime.brokerUrl!, 'GW-QUIET');
        expect(runtime.ingest.handle(topics.up(other.sn, 'telemetry'), reading(30))).toBeInstanceOf(Promise);

        // Once the gateway acked, the telemetry that follows (the command's effect) is neither
        // queued nor held back.
        await ackOk(runtime, gw, sent.ids[0]!);
        await until(async () => !runtime.commands.awaitingAck(gw.sn));
        expect(runtime.ingest.handle(topic, reading(20))).toBeUndefined();

        await runtime.ingest.drain();
        await gw.client.endAsync();
        await other.client.endAsync();
      } finally {
        await runtime.stop();
      }
    });

    it('hears an ack at once while the QoS 1 telemetry sent before it waits for its flush', async () => {
      // Flushes 5 s apart: the telemetry's PUBACK waits for its readings to be written, the ack
      // on the same connection behind it is handled meanwhile.
      const flushMs = 5_000;
      const runtime = await smallRuntime({ flushMs });
      try {
        const gw = await gateway(ctx(), token, runtime.brokerUrl!, 'GW-HELD-PUBACK');
        const [lamp] = await lampsOf(ctx().db, gw, ['L001']);
        const sent = await dimLamp(runtime, gw, lamp!);
        const before = await storedReadings(ctx(), gw.id);
        let telemetryAcknowledged = false;
        const telemetry = gw.client
          .publishAsync(
            topics.up(gw.sn, 'telemetry'),
            JSON.stringify({ ts: Date.now(), readings: [{ dev: 'L001', on: true, level: 20 }] }),
            { qos: 1 },
          )
          .then(() => {
            telemetryAcknowledged = true;
          });
        const started = Date.now();
        void gw.client.publishAsync(
          topics.up(gw.sn, 'ack'),
          JSON.stringify({ id: sent.ids[0], status: 'ok' }),
          {
            qos: 1,
          },
        );
        await until(async () => !runtime.commands.awaitingAck(gw.sn), flushMs, 5);
        expect(Date.now() - started).toBeLessThan(flushMs / 2);
        expect(telemetryAcknowledged).toBe(false);
        await telemetry;
        expect(await storedReadings(ctx(), gw.id)).toBe(before + 1);
        await gw.client.endAsync();
      } finally {
        await runtime.stop();
      }
    });

    it('records acks while latest-state rows wait for the database', async () => {
      // The same database, but every latest-state write waits until the test opens the gate.
      let open = () => {};
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const db = ctx().db;
      const slowStates = new Proxy(db, {
        get(target, key, receiver) {
          if (key !== 'query') return Reflect.get(target, key, receiver);
          return (sql: string, params?: unknown[]) =>
            sql.trimStart().startsWith('update dev_state')
              ? gate.then(() => target.query(sql, params))
              : target.query(sql, params);
        },
      });
      const runtime = await smallRuntime({ batchSize: 1_000_000, flushMs: 600_000 }, slowStates);
      try {
        const gw = await gateway(ctx(), token, runtime.brokerUrl!, 'GW-ACK-LANE');
        const lamps = await lampsOf(db, gw, ['L001', 'L002']);
        const status = async (id: string) =>
          (await db.query<{ status: string }>('select status from dev_command where id = $1', [id]))[0]
            ?.status;

        // The first command's ack and effect: its state row now waits for the database.
        const first = await dimLamp(runtime, gw, lamps[0]!);
        await ackOk(runtime, gw, first.ids[0]!);
        const report = { ts: Date.now(), readings: [{ dev: 'L001', on: true, level: 20 }] };
        await runtime.ingest.handle(topics.up(gw.sn, 'telemetry'), Buffer.from(JSON.stringify(report)));
        await until(async () => (await status(first.ids[0]!)) === 'acked');

        // A second ack is recorded although the first command's state row is not written yet.
        const second = await dimLamp(runtime, gw, lamps[1]!);
        await ackOk(runtime, gw, second.ids[0]!);
        await until(async () => (await status(second.ids[0]!)) === 'acked', 5_000);
        const [row] = await db.query<{ level: string | null }>(
          `select vals->>'level' as level from dev_state where device_id = $1`,
          [lamps[0]!.id],
        );
        expect(row?.level).not.toBe('20');

        open();
        await runtime.ingest.drain();
        await gw.client.endAsync();
      } finally {
        open();
        await runtime.stop();
      }
    });

    it('writes the state a command changed right after its ack, and only of the devices it addresses', async () => {
      // No flush during the test: a state row written now was written by the express lane.
      const runtime = await smallRuntime({ batchSize: 1_000_000, flushMs: 600_000 });
      try {
        const gw = await gateway(ctx(), token, runtime.brokerUrl!, 'GW-EXPRESS');
        const [commanded, neighbour] = await lampsOf(ctx().db, gw, ['L001', 'L002']);
        const level = async (deviceId: string) => {
          const [row] = await ctx().db.query<{ level: string | null }>(
            `select vals->>'level' as level from dev_state where device_id = $1`,
            [deviceId],
          );
          return row?.level ?? null;
        };
        const sent = await dimLamp(runtime, gw, commanded!);
        await ackOk(runtime, gw, sent.ids[0]!);
        // The gateway's next report carries the commanded lamp's new level and a neighbour's change.
        const report = {
          ts: Date.now(),
          readings: [
            { dev: 'L001', on: true, level: 20 },
            { dev: 'L002', on: true, level: 30 },
          ],
        };
        await runtime.ingest.handle(topics.up(gw.sn, 'telemetry'), Buffer.from(JSON.stringify(report)));

        await until(async () => (await level(commanded!.id)) === '20');
        // The neighbour waits for the bulk lane (the next flush), which drain runs.
        expect(await level(neighbour!.id)).not.toBe('30');
        await runtime.ingest.drain();
        expect(await level(neighbour!.id)).toBe('30');
        await gw.client.endAsync();
      } finally {
        await runtime.stop();
      }
    });
    it('starts writing an ack before the event loop turns again', async () => {
      // Every statement the runtime sends, in order, beside the marks of the test.
      const said: string[] = [];
      const db = ctx().db;
      const watched = new Proxy(db, {
        get(target, key, receiver) {
          if (key !== 'query') return Reflect.get(target, key, receiver);
          return (sql: string, params?: unknown[]) => {
            said.push(sql.trimStart().split(/\s+/).slice(0, 2).join(' '));
            return target.query(sql, params);
          };
        },
      });
      const runtime = await smallRuntime({ batchSize: 1_000_000, flushMs: 600_000 }, watched);
      try {
        const gw = await gateway(ctx(), token, runtime.brokerUrl!, 'GW-ACK-AT-ONCE');
        const [lamp] = await lampsOf(db, gw, ['L001']);
        const acked = (id: string) =>
          until(async () => {
            const [row] = await db.query<{ status: string }>('select status from dev_command where id = $1', [
              id,
            ]);
            return row?.status === 'acked';
          });
        // A first round trip: the gateway's entry is then in the runtime's directory.
        const first = await dimLamp(runtime, gw, lamp!);
        await ackOk(runtime, gw, first.ids[0]!);
        await acked(first.ids[0]!);

        const sent = await dimLamp(runtime, gw, lamp!, 30);
        // Each step of a command's round trip that waits for a turn of the event loop waits for
        // everything else queued there (10–40 ms under load): the ack's row is not one of them.
        said.length = 0;
        setImmediate(() => said.push('next turn'));
        void ackOk(runtime, gw, sent.ids[0]!);
        await new Promise((resolve) => setImmediate(resolve));
        expect(said.indexOf('update dev_command')).toBeGreaterThanOrEqual(0);
        expect(said.indexOf('update dev_command')).toBeLessThan(said.indexOf('next turn'));
        await acked(sent.ids[0]!);
        await gw.client.endAsync();
      } finally {
        await runtime.stop();
      }
    });
    it('answers a command’s outcome once its ack arrives, before the row is written, to its gateway only', async () => {
      const db = ctx().db;
      const gw = await gateway(ctx(), token, url, 'GW-HEARD');
      const other = await gateway(ctx(), token, url, 'GW-HEARD-OTHER');
      const [lamp] = await lampsOf(db, gw, ['L001']);
      const rowStatus = async (id: string) =>
        (await db.query<{ status: string }>('select status from dev_command where id = $1', [id]))[0]?.status;
      const api = async (path: string) =>
        (await ctx().request({ method: 'GET', url: `/ics${path}`, headers: auth(token) })).body.result;
      const ack = (from: Gateway, id: string, status: 'ok' | 'error', extra: object = {}) =>
        from.client.publishAsync(
          topics.up(from.sn, 'ack'),
          JSON.stringify({ id, ts: Date.now(), status, ...extra }),
          { qos: 1 },
        );

      const id = await dimThroughApi(ctx(), token, lamp!.id, 20);

      // Another gateway acking this command's id settles nothing, neither answered nor written.
      await ack(other, id, 'error', { reason: 'not mine' });
      const heard = ctx().services.devices.commands.heard;
      await until(async () =>
        heard.outcomeOf({ id, gateway_id: other.id, message_id: null, device_address: null }),
      );
      await ctx().services.devices.ingest.drain();
      expect(await rowStatus(id)).toBe('pending');
      expect((await api(`/lighting/command/status?ids=${id}`))[0]).toMatchObject({ status: 'pending' });

      // Its own gateway's ack while the command rows wait for the database: answered at once.
      let open = () => {};
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const query = db.query.bind(db);
      db.query = ((sql: string, params?: unknown[]) =>
        sql.trimStart().startsWith('update dev_command')
          ? gate.then(() => query(sql, params))
          : query(sql, params)) as typeof db.query;
      try {
        await ack(gw, id, 'ok', { result: { level: 20 } });
        const answered = await until(async () => {
          const [c] = await api(`/lighting/command/status?ids=${id}`);
          return c.status === 'acked' ? c : null;
        });
        expect(answered).toMatchObject({ id, result: { level: 20 } });
        expect(answered.ackTime).toEqual(expect.any(String));
        const log = await api(`/lighting/command/list?deviceId=${lamp!.id}`);
        expect(log.records[0]).toMatchObject({ id, status: 'acked' });
        // Filtered by status, the log answers the rows as stored: its rows and total match the filter.
        const pending = await api(`/lighting/command/list?deviceId=${lamp!.id}&status=pending`);
        expect(pending).toMatchObject({ total: 1, records: [{ id, status: 'pending' }] });
        expect(await rowStatus(id)).toBe('pending');
      } finally {
        open();
        db.query = query;
      }
      await until(async () => (await rowStatus(id)) === 'acked');
      expect((await api(`/lighting/command/status?ids=${id}`))[0]).toMatchObject({ status: 'acked' });
      await gw.client.endAsync();
      await other.client.endAsync();
    });
    it('answers a command once its row is stored, without waiting for the broker', async () => {
      const gw = await gateway(ctx(), token, url, 'GW-SLOW-BROKER');
      const [lamp] = await lampsOf(ctx().db, gw, ['L001']);
      // A broker that takes the message and never confirms it (a turn of its event loop under
      // load, or a connection that went away): the sweep resends what is not acked.
      const published: string[] = [];
      const bus = {
        publish: (topic: string) => {
          published.push(topic);
          return new Promise<void>(() => {});
        },
      } as unknown as DeviceBus;
      const tracker = new CommandTracker(
        new CommandRepository(ctx().db),
        () => bus,
        new RawMessageLog(new InProcessLiveEvents()),
        () => {},
        {
          nodeId: 'tracker-test',
          timeoutMs: 10_000,
          retries: 0,
        },
      );
      const target = {
        projectId: lamp!.project_id,
        gatewayId: gw.id,
        gatewaySn: gw.sn,
        deviceId: lamp!.id,
        address: lamp!.address,
      };
      const sent = await tracker.send([target], 'lamp.dim', { level: 20, ramp: 0 }, 'test');
      expect(published).toEqual([topics.down(gw.sn)]);
      const [row] = await ctx().db.query<{ status: string }>('select status from dev_command where id = $1', [
        sent.ids[0],
      ]);
      expect(row?.status).toBe('pending');
      tracker.stop();
      await gw.client.endAsync();
    });
  },
  { env: { MQTT_PORT: '0' } },
);
