import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPostgres } from '../http/database';
import { call, type RunningServer, startServer } from '../http/server';
import { type Benchmark, benchSeconds, type Figure, formatNumber, skipped } from '../lib/benchmark';
import { watchCpu } from '../lib/cpu';
import { answers, MOSQUITTO_URL } from './bare-broker';
import { loadText } from './bare-copy';
import {
  ADMIN_PASSWORD,
  COMMAND_P99_MS,
  commandLoop,
  GATEWAYS,
  INTERVAL,
  LAMPS_PER_GATEWAY,
  sleep,
  startSimulator,
} from './devices';
import { percentile, readIngestStats } from './probes';
import { countReadings, countReadingsAt, type Fleet, seedFleet, snapshotNow } from './seed';

/** The nodes' shared Redis (`BENCH_REDIS_URL`), used when it answers. */
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
/** Commands of the first seconds warm the command path up and are not counted. */
const COMMAND_WARMUP_MS = 2_000;

type Phase = {
  nodes: number;
  stored: number;
  sentRate: number;
  sent: number;
  lost: number;
  /** Readings each node took from the broker (its counters), by node. */
  accepted: number[];
  drainSeconds: number | null;
  rtt: number[];
  failed: number;
  firstFailure: string | null;
  cores: { servers: number; postgres: number; broker: number | null; sim: number; machine: number | null };
  load: string;
};

/**
 * Readings stored through two API nodes against one on the same machine, in the same run: the
 * fleet of the device benchmark (1,000 gateways × 100 lamps, offered as to PostgreSQL) publishes
 * to the machine's Mosquitto, which both nodes (`npm start` each, different ports and
 * `ICS_NODE_ID`, one PostgreSQL database, Redis when it answers) share the telemetry through (a
 * shared subscription); single commands go to the first node meanwhile. One node first, then two.
 */
export const twoNodeBenchmark: Benchmark = {
  name: 'devices on two nodes [postgres]',
  async run() {
    const names = ['one node', 'two nodes'];
    const skip = (why: string) =>
      names.map((n) => skipped(`lamp readings stored, ${n}`, '/s', `skipped: ${why}`));
    if (!(await answers(MOSQUITTO_URL))) return skip(`no MQTT broker answers at ${MOSQUITTO_URL}`);
    const redis = await answers(REDIS_URL);
    const pg = await freshPostgres();
    if (pg.url === null) return skip(pg.reason);
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'ics-bench-nodes-')));
    try {
      const databaseUrl = pg.url;
      const migrating = await startServer({ dataDir: dirs[0]!, adminPassword: ADMIN_PASSWORD, databaseUrl });
      await migrating.stop();
      const fleet = await seedFleet({ dataDir: dirs[0]!, databaseUrl }, GATEWAYS, LAMPS_PER_GATEWAY);
      const one = await phase(1, { dirs, databaseUrl, redis }, fleet);
      const two = await phase(2, { dirs, databaseUrl, redis }, fleet);
      return [...figures(one, redis, null), ...figures(two, redis, one)];
    } finally {
      await pg.drop().catch((error: Error) => console.error(`could not drop the database: ${error.message}`));
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

function figures(p: Phase, redis: boolean, one: Phase | null): Figure[] {
  const label = p.nodes === 1 ? 'one node' : 'two nodes';
  const rtt = [...p.rtt].sort((a, b) => a - b);
  const p99 = percentile(rtt, 99);
  const c = p.cores;
  const cpu = `CPU: servers ${c.servers.toFixed(2)}, PostgreSQL ${c.postgres.toFixed(2)}, ${c.broker === null ? '' : `Mosquitto ${c.broker.toFixed(2)}, `}simulator ${c.sim.toFixed(2)} cores; the machine ${c.machine === null ? '?' : c.machine.toFixed(2)} of ${os.cpus().length} cores busy; ${p.load}`;
  return [
    {
      name: `lamp readings stored, ${label}`,
      value: p.stored,
      unit: '/s',
      detail: [
        one
          ? `${formatNumber((p.stored / one.stored) * 100)} % of one node's ${formatNumber(one.stored)}/s`
          : '',
        `${formatNumber(p.sentRate)}/s sent (${formatNumber((GATEWAYS * LAMPS_PER_GATEWAY) / INTERVAL.postgres)}/s offered) through Mosquitto (${MOSQUITTO_URL}, shared subscription), ${redis ? `Redis ${REDIS_URL}` : 'no Redis (none answers)'}, one PostgreSQL database`,
        `${formatNumber(p.sent)} sent, ${p.lost} lost, ${p.drainSeconds === null ? 'not all stored when the count stood still (or 60 s)' : `all stored ${p.drainSeconds.toFixed(1)} s after the load stopped`}`,
        `the nodes took ${p.accepted.map((a) => formatNumber(a)).join(' + ')} readings from the broker (${formatNumber(p.sent - p.accepted.reduce((a, b) => a + b, 0))} sent never reached a node: the broker dropped them or the gateways still held them)`,
        cpu,
      ]
        .filter(Boolean)
        .join('; '),
    },
    {
      name: `command round trip while ingesting, ${label}`,
      value: rtt.length ? percentile(rtt, 50) : null,
      unit: 'ms p50',
      target: `p99 < ${COMMAND_P99_MS} ms`,
      pass: rtt.length > 0 && p.failed === 0 && p99 < COMMAND_P99_MS,
      detail: `p99 ${formatNumber(p99)} ms, max ${formatNumber(rtt.at(-1) ?? Number.NaN)} ms, n=${rtt.length}${p.failed ? `, ${p.failed} failed (the first: ${p.firstFailure})` : ''}; lamp.dim sent to the first node → ack → state visible there${p.nodes === 2 ? ' (the ack may reach either node)' : ''}`,
    },
  ];
}

async function phase(
  nodes: number,
  setup: { dirs: string[]; databaseUrl: string; redis: boolean },
  fleet: Fleet,
): Promise<Phase> {
  const run = `bench-${randomBytes(3).toString('hex')}`;
  const before = await countReadings({ databaseUrl: setup.databaseUrl, dataDir: '' });
  const servers: RunningServer[] = [];
  // Each node writes its ingestion counters here (every second, and when it stops).
  const statsFile = (n: number) => path.join(setup.dirs[n]!, `device-stats-${run}.json`);
  let sim: ReturnType<typeof startSimulator> | undefined;
  try {
    for (let n = 0; n < nodes; n++)
      servers.push(
        await startServer({
          dataDir: setup.dirs[n]!,
          adminPassword: ADMIN_PASSWORD,
          databaseUrl: setup.databaseUrl,
          env: {
            MQTT_URL: MOSQUITTO_URL,
            ICS_NODE_ID: `${run}-${n + 1}`,
            ICS_DEVICE_STATS_FILE: statsFile(n),
            ...(setup.redis ? { REDIS_URL } : {}),
          },
        }),
      );
    const api = servers[0]!.api;
    const login = await call(api, 'POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    if (login.status !== 200) throw new Error(`login failed (${login.status}): ${login.body.message}`);
    const token = (login.body.result as { token: string }).token;
    const interval = INTERVAL.postgres;
    sim = startSimulator({
      url: MOSQUITTO_URL,
      gateways: fleet.gateways.map((g) => ({ sn: g.sn, password: fleet.password })),
      lampsPerGateway: LAMPS_PER_GATEWAY,
      sensorsPerGateway: 0,
      intervalSeconds: interval,
    });
    const started = await sim.started(240_000);
    if (started.connected < GATEWAYS)
      throw new Error(`only ${started.connected}/${GATEWAYS} gateways connected\n${sim.tracked.output()}`);
    await sleep(Math.max(3, 2 * interval) * 1000);

    const serverPids = servers.map((s) => s.pid);
    const brokerPid = mosquittoPid();
    const watches = {
      servers: watchCpu(serverPids),
      postgres: watchCpu([], true),
      broker: brokerPid ? watchCpu([brokerPid]) : null,
      sim: watchCpu([sim.pid]),
      machine: watchCpu([]),
    };
    const windowStart = Date.now();
    const sent0 = (await sim.stats()).readingsSent;
    const snapshot0 = await snapshotNow(setup.databaseUrl);
    await commandLoop(api, token, fleet.lampIds, Date.now() + COMMAND_WARMUP_MS);
    const commands = await commandLoop(api, token, fleet.lampIds, Date.now() + benchSeconds() * 1000);
    const sent1 = (await sim.stats()).readingsSent;
    const snapshot1 = await snapshotNow(setup.databaseUrl);
    const windowSeconds = (Date.now() - windowStart) / 1000;
    const cores = (w: ReturnType<typeof watchCpu> | null) =>
      w === null ? null : (w.underTestSeconds() ?? Number.NaN) / windowSeconds;
    const used = {
      servers: cores(watches.servers)!,
      postgres: cores(watches.postgres)!,
      broker: cores(watches.broker),
      sim: cores(watches.sim)!,
      machine: watches.machine.machineCores(),
    };
    const load = loadText();

    const paused = await sim.pause();
    const pausedAt = Date.now();
    let stored = 0;
    let drainSeconds: number | null = null;
    // Until every reading sent is stored, or the count stood still for 5 s (nothing more coming).
    let still = Date.now();
    while (Date.now() - pausedAt < 60_000 && Date.now() - still < 5_000) {
      const now = (await countReadings({ databaseUrl: setup.databaseUrl, dataDir: '' })) - before;
      if (now !== stored) still = Date.now();
      stored = now;
      if (stored >= paused.readingsSent) {
        drainSeconds = (Date.now() - pausedAt) / 1000;
        break;
      }
      await sleep(500);
    }
    const accepted = servers.map((_, n) => readIngestStats(statsFile(n))?.readings ?? Number.NaN);
    const counted = await countReadingsAt(setup.databaseUrl, [snapshot0, snapshot1]);
    return {
      nodes,
      stored: (counted.at[1]! - counted.at[0]!) / windowSeconds,
      sentRate: (sent1 - sent0) / windowSeconds,
      sent: paused.readingsSent,
      lost: paused.readingsSent - stored,
      accepted,
      drainSeconds,
      rtt: commands.visible,
      failed: commands.failed,
      firstFailure: commands.firstFailure,
      cores: used,
      load,
    };
  } finally {
    await sim?.stop().catch(() => undefined);
    for (const s of servers) await s.stop(30_000);
  }
}

/** The machine's Mosquitto (Debian's service writes its pid here), for its CPU; null when not found. */
function mosquittoPid(): number | null {
  try {
    return Number(fs.readFileSync('/run/mosquitto/mosquitto.pid', 'utf8').trim()) || null;
  } catch {
    return null;
  }
}
