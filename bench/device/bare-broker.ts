import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { freePort } from '../http/load';
import { root } from '../http/server';
import { type Benchmark, benchSeconds, type Figure, formatNumber, skipped } from '../lib/benchmark';
import { spawnTracked } from '../lib/children';
import { loadText } from './bare-copy';

type Mqtt = typeof import('mqtt');
type Client = Awaited<ReturnType<Mqtt['connectAsync']>>;

/** The machine's Mosquitto (`BENCH_MQTT_URL`), also the shared broker of the two-node benchmark. */
export const MOSQUITTO_URL = process.env.BENCH_MQTT_URL || 'mqtt://127.0.0.1:1883';
const LAMPS = 100;
/** Publishing clients (gateways) and messages each keeps in flight. */
const PUBLISHERS = 10;
const IN_FLIGHT = 4;
/** Messages published and not yet received at most (QoS 0 has no acknowledgement to wait for). */
const WINDOW = 200;

/** mqtt.js from the server workspace: the copy and version the server and the simulator use. */
async function loadMqtt(): Promise<Mqtt> {
  const require = createRequire(`${root}/apps/server/package.json`);
  return (await import(pathToFileURL(require.resolve('mqtt')).href)) as Mqtt;
}

/** Whether something accepts TCP connections at `url`'s host and port within a second. */
export function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port), timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** A telemetry message of 100 lamps as the simulator publishes it (apps/simulator, `telemetry()`). */
export function telemetryPayload(): Buffer {
  const readings = Array.from({ length: LAMPS }, (_, i) => ({
    dev: `L${String(i + 1).padStart(3, '0')}`,
    on: true,
    level: 80,
    target: 80,
    ramp: 0,
    voltage: 219.4,
    current: 0.584,
    power: 121.7,
    powerFactor: 0.95,
    energy: 1234.5678,
    hours: 4321.123,
    switchOns: 812,
    faults: [],
  }));
  return Buffer.from(JSON.stringify({ ts: Date.now(), readings }));
}

/**
 * The bound of the device benchmark's transport: messages of a 100-lamp telemetry message's
 * size published by 10 clients and received by one subscriber, through the server's embedded
 * broker (aedes alone, in a process of its own: see aedes-child.ts) and through the machine's
 * Mosquitto when it answers, QoS 0 and QoS 1. The clients run in the bench's process; its CPU
 * is printed, as it may be what limits the figure.
 */
export const bareBrokerBenchmark: Benchmark = {
  name: 'devices bound: broker publish→subscribe',
  async run() {
    const mqtt = await loadMqtt();
    const figures: Figure[] = [];
    const port = await freePort();
    const aedes = spawnTracked(process.execPath, ['--import', 'tsx', 'bench/device/aedes-child.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port) },
    });
    try {
      const until = Date.now() + 30_000;
      while (!(await answers(`mqtt://127.0.0.1:${port}`))) {
        if (Date.now() > until || aedes.child.exitCode !== null)
          throw new Error(`the embedded broker did not start\n${aedes.output()}`);
        await sleep(200);
      }
      for (const qos of [0, 1] as const)
        figures.push(await pubSubFigure(mqtt, `mqtt://127.0.0.1:${port}`, qos, 'embedded aedes'));
    } finally {
      await aedes.stop(5_000);
    }
    const mosquitto = await answers(MOSQUITTO_URL);
    for (const qos of [0, 1] as const)
      figures.push(
        mosquitto
          ? await pubSubFigure(mqtt, MOSQUITTO_URL, qos, 'Mosquitto')
          : skipped(
              `broker publish→subscribe QoS ${qos} [Mosquitto]`,
              'msg/s',
              `skipped: nothing answers at ${MOSQUITTO_URL}`,
            ),
      );
    return figures;
  },
};

async function pubSubFigure(mqtt: Mqtt, url: string, qos: 0 | 1, broker: string): Promise<Figure> {
  const r = await pubSub(mqtt, url, qos, benchSeconds());
  return {
    name: `broker publish→subscribe QoS ${qos} [${broker}]`,
    value: r.rate,
    unit: 'msg/s',
    detail: `= ${formatNumber(r.rate * LAMPS)} lamp readings/s; ${formatNumber(r.bytes)}-byte messages (a ${LAMPS}-lamp telemetry message), ${PUBLISHERS} publishers × ${IN_FLIGHT} in flight → 1 subscriber (QoS ${qos}), ${r.lost} of ${formatNumber(r.published)} not received; the clients (one process) used ${r.clientCores.toFixed(2)} cores; ${loadText()}`,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Messages per second received over `seconds` after a second of warm-up. */
async function pubSub(mqtt: Mqtt, url: string, qos: 0 | 1, seconds: number) {
  const run = `bench-${randomBytes(4).toString('hex')}`;
  const payload = telemetryPayload();
  const connect = (id: string) =>
    mqtt.connectAsync(url, { clientId: `${run}-${id}`, clean: true, reconnectPeriod: 0 });
  const clients: Client[] = [];
  try {
    const sub = await connect('sub');
    clients.push(sub);
    let received = 0;
    let receipt: Promise<void> | null = null;
    let onReceipt = () => undefined as unknown;
    sub.on('message', () => {
      received++;
      onReceipt();
    });
    /**
     * The next message received, or 100 ms passed (a QoS 0 message may be dropped); a new wait
     * each time, so that the waiters always yield to the event loop.
     */
    const nextReceipt = () => {
      receipt ??= new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          receipt = null;
          onReceipt = () => undefined;
          resolve();
        };
        const timer = setTimeout(done, 100);
        onReceipt = done;
      });
      return receipt;
    };
    await sub.subscribeAsync(`${run}/+/up`, { qos });
    for (let i = 0; i < PUBLISHERS; i++) clients.push(await connect(`pub${i}`));

    let published = 0;
    let running = true;
    const loops = clients.slice(1).flatMap((client, i) =>
      Array.from({ length: IN_FLIGHT }, async () => {
        while (running) {
          while (running && published - received >= WINDOW) await nextReceipt();
          if (!running) return;
          published++;
          await client.publishAsync(`${run}/gw${i}/up`, payload, { qos });
        }
      }),
    );
    await sleep(1_000);
    const received0 = received;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await sleep(seconds * 1_000);
    const rate = (received - received0) / ((performance.now() - t0) / 1000);
    const cpu = process.cpuUsage(cpu0);
    const clientCores = (cpu.user + cpu.system) / 1e6 / ((performance.now() - t0) / 1000);
    running = false;
    // A publish to a connection the broker closed never completes: bounded.
    await Promise.race([Promise.all(loops), sleep(10_000)]);
    const settleUntil = Date.now() + 3_000;
    while (received < published && Date.now() < settleUntil) await sleep(50);
    return { rate, bytes: payload.length, published, lost: published - received, clientCores };
  } finally {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  }
}
