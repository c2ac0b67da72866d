import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPostgres } from '../http/database';
import { freePort } from '../http/load';
import { call, root, startServer } from '../http/server';
import { type Benchmark, benchSeconds, type Figure, formatNumber, skipped } from '../lib/benchmark';
import { cpuProfileArgs, spawnTracked, type Tracked } from '../lib/children';
import { watchCpu } from '../lib/cpu';
import { COMMAND_LOAD_SHARE, lastBareCopy, STORED_SHARE, shareFigures } from './bare-copy';
import { memory, percentile, readIngestStats } from './probes';
import { seedSensorLimits, thresholdOutcome } from './rules-seed';
import {
  commandTimes,
  commandTurnaround,
  countReadings,
  countReadingsAt,
  type Fleet,
  type ReadingTables,
  seedFleet,
  snapshotNow,
  walActivity,
} from './seed';
import type { SimReply, SimRequest, SimStats } from './sim-child';
import { watchSweeps } from './sweep-watch';
import { startTimeline, timelineSeconds } from './timeline';

export const ADMIN_PASSWORD = 'Bench-Admin-123!';
export const GATEWAYS = 1_000;
export const LAMPS_PER_GATEWAY = 100;
export const BATCH_LAMPS = 10_000;
/** Lamp readings per second written to the database, by variant. */
export const INGEST_TARGET = { postgres: 100_000, pglite: 40_000 } as const;
/**
 * Seconds between two telemetry messages of a gateway: the offered load, at least the target
 * rate of each database (override: BENCH_DEVICE_INTERVAL; `BENCH_DEVICE_INTERVAL=2` offers PGlite
 * 50,000/s, about its ceiling on this machine). PostgreSQL is offered 105,000/s: with the two
 * cores shared, the simulator's timers send about 98 % of what they are set to, and the stored
 * rate can only reach the target when the sent rate does.
 */
export const INTERVAL = { postgres: 0.95, pglite: 2.5 } as const;
export const COMMAND_P99_MS = 100;
export const BATCH_SECONDS = 5;
/** The server kept up when, after the load stopped, it caught up within this many seconds. */
const KEPT_UP_SECONDS = 3;

export type Variant = 'pglite' | 'postgres';

/**
 * `rules`: that many environment sensors (one behind each gateway, reporting with its lamps) each
 * with a threshold limit of its own, which the alarm sweeper (running with the server, every 2 s)
 * holds their latest values to while the lamps' load goes on.
 */
export type DeviceBenchOptions = { rules?: number };

/**
 * Device connectivity under load, on one database: 1,000 simulated gateways × 100 lamps (a
 * child process) report every lamp every `INTERVAL` s into the server started as in
 * production; meanwhile single commands measure the round trip (API → device ack → state
 * visible through the API) and a batch command to 10,000 lamps measures the time until every
 * outcome is recorded. Then the load stops, the server drains and stops, and the stored
 * readings are counted against those sent.
 */
export function deviceBenchmark(variant: Variant, options: DeviceBenchOptions = {}): Benchmark {
  const rules = options.rules ?? 0;
  return {
    name: rules ? `devices with ${rules} rules [${variant}]` : `devices [${variant}]`,
    run: () =>
      withSeededFleet(
        variant,
        rules,
        async (target, fleet) => (await measure(variant, target, fleet, rules)).figures,
        (why) => [skipped('PostgreSQL variant', '', why)],
      ),
  };
}

/**
 * Runs `use` on a fresh database of `variant` (PGlite in a temporary data directory, or a
 * database of its own on the PostgreSQL server), migrated by the server, with the fleet seeded
 * (and `rules` sensor limits); removes it afterwards. `skip` answers when there is no PostgreSQL.
 */
async function withSeededFleet(
  variant: Variant,
  rules: number,
  use: (target: { dataDir: string; databaseUrl: string | undefined }, fleet: Fleet) => Promise<Figure[]>,
  skip: (why: string) => Figure[],
): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ics-bench-dev-${variant}-`));
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  try {
    if (variant === 'postgres') {
      const pg = await freshPostgres();
      if (pg.url === null) return skip(`skipped: ${pg.reason}`);
      databaseUrl = pg.url;
      drop = pg.drop;
    }
    const first = await startServer({ dataDir, adminPassword: ADMIN_PASSWORD, databaseUrl });
    await first.stop();
    const fleet = await seedFleet({ dataDir, databaseUrl }, GATEWAYS, LAMPS_PER_GATEWAY);
    if (rules) await seedSensorLimits({ dataDir, databaseUrl }, fleet, rules);
    return await use({ dataDir, databaseUrl }, fleet);
  } finally {
    await drop?.().catch((error: Error) => console.error(`could not drop the database: ${error.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The simulator sends about 98 % of what it is set to: each window is offered a little more. */
const OFFER_MARGIN = 1.06;

/**
 * The device targets stated as shares of the bare COPY bound measured right before in the same
 * run (`devices bound: bare COPY`), each in a window of its own on one seeded fleet: the load set
 * to 30 % of the bound (readings stored ≥ 30 % of it, none lost, caught up within 3 s), then to
 * 15 % of it (single commands' round trip p99 < 100 ms meanwhile). The plain device benchmark
 * offers the absolute targets instead, which on a slow hour lie above what the machine can do.
 */
export function deviceShareBenchmark(variant: Variant): Benchmark {
  return {
    name: `devices at shares of bare COPY [${variant}]`,
    async run() {
      const bare = lastBareCopy.get(variant);
      const why = `no bare COPY figure in this run: run "devices bound: bare COPY [${variant}]" before (npm run bench -- devices)`;
      if (!bare) return shareFigures(variant, null, why);
      const intervalFor = (share: number) =>
        (GATEWAYS * LAMPS_PER_GATEWAY) / (share * bare.rowsPerSecond * OFFER_MARGIN);
      return withSeededFleet(
        variant,
        0,
        async (target, fleet) => {
          const storing = await measure(variant, target, fleet, 0, intervalFor(STORED_SHARE));
          const commanding = await measure(variant, target, fleet, 0, intervalFor(COMMAND_LOAD_SHARE));
          return shareFigures(variant, { bare, storing: storing.outcome, commanding: commanding.outcome });
        },
        (skipped) => shareFigures(variant, null, skipped),
      );
    },
  };
}

/**
 * Where lost readings went: readings the server accepted but did not store are lost by the
 * server; readings sent but never accepted were still queued at the gateways (held back by
 * backpressure) when the simulator stopped.
 */
function ingestStats(s: Record<string, number> | null, sent: number, stored: number): string {
  if (!s) return 'server ingestion counters unavailable';
  const accepted = s.readings ?? 0;
  return `server: ${accepted} readings accepted (${accepted - stored} of them not stored; ${sent - accepted} sent but still queued at the gateways when they stopped), ${s.heldBack ?? 0} messages held back (backpressure), ${s.dropped} dropped, ${s.flushErrors} flush errors, ${s.invalid} invalid; event-loop delay p50 ${s.loopDelayP50Ms} / p99 ${s.loopDelayP99Ms} / max ${s.loopDelayMaxMs} ms${s.ackWriteP50Ms === undefined ? '' : `; ack arrived → row written p50 ${s.ackWriteP50Ms} / p99 ${s.ackWriteP99Ms} ms`}`;
}

/** The server's delays up to the end of the measured window (see `ExpressLane.ackWriteMs`). */
function windowDelaysText(s: Record<string, number> | null): string {
  if (!s || s.loopDelayP99Ms === undefined) return 'server delays unavailable';
  const pair = (p50: number | undefined, p99: number | undefined) =>
    p50 === undefined ? 'none' : `p50 ${p50} / p99 ${p99} ms`;
  const gc =
    s.gcPauses === undefined
      ? ''
      : `, ${s.gcPauses} GC pauses (p99 ${s.gcPauseP99Ms} / max ${s.gcPauseMaxMs} ms)`;
  return `server until the window's end: event-loop delay p99 ${s.loopDelayP99Ms} / max ${s.loopDelayMaxMs} ms${gc}, ack arrived → row written ${pair(s.ackWriteP50Ms, s.ackWriteP99Ms)}, express reading → state row written ${pair(s.expressStateP50Ms, s.expressStateP99Ms)}`;
}

/** The simulator in a child process, driven over IPC. */
export function startSimulator(config: object) {
  const child = spawnTracked(
    process.execPath,
    [...cpuProfileArgs(), '--import', 'tsx', 'bench/device/sim-child.ts'],
    {
      cwd: root,
      env: { ...process.env, SIM_CONFIG: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const waiters: Array<{ type: SimReply['type']; resolve: (s: SimStats) => void }> = [];
  child.child.on('message', (reply: SimReply) => {
    const i = waiters.findIndex((w) => w.type === reply.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(reply.stats);
  });
  const wait = (type: SimReply['type'], timeoutMs: number) =>
    new Promise<SimStats>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`simulator: no ${type} within ${timeoutMs / 1000} s\n${child.output()}`)),
        timeoutMs,
      );
      waiters.push({
        type,
        resolve: (s) => {
          clearTimeout(timer);
          resolve(s);
        },
      });
      void child.exited.then((code) => reject(new Error(`simulator exited (${code})\n${child.output()}`)));
    });
  const ask = (request: SimRequest['type'], reply: SimReply['type'], timeoutMs = 30_000) => {
    const answer = wait(reply, timeoutMs);
    child.child.send({ type: request } satisfies SimRequest);
    return answer;
  };
  return {
    tracked: child as Tracked,
    pid: child.child.pid ?? 0,
    started: (timeoutMs: number) => wait('started', timeoutMs),
    stats: () => ask('stats', 'stats'),
    pause: () => ask('pause', 'paused', 60_000),
    async stop() {
      child.child.send({ type: 'stop' } satisfies SimRequest);
      await child.stop(15_000);
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** `BENCH_VERBOSE=1` prints the steps (to stderr) as they happen. */
const step = (line: string) => {
  if (process.env.BENCH_VERBOSE)
    process.stderr.write(`  ${new Date().toISOString().slice(11, 19)} ${line}\n`);
};

/** What a measured window gives the share benchmark besides its figures. */
export type WindowOutcome = {
  /** Gateways × lamps / interval: the readings/s the simulator was set to send. */
  offered: number;
  /** Readings stored per second in the window (sent, on PGlite, when the server kept up). */
  stored: number;
  lost: number;
  /** Seconds after the load stopped until every reading sent was stored. */
  drainSeconds: number;
  keptUp: boolean;
  commandP50: number;
  commandP99: number;
  commands: number;
  commandsOk: boolean;
  /** Where the commands' time went (the plain benchmark's command row). */
  commandDetail: string;
};

async function measure(
  variant: Variant,
  target: { dataDir: string; databaseUrl: string | undefined },
  fleet: Fleet,
  rules: number,
  /** Seconds between two telemetry messages of a gateway (default: BENCH_DEVICE_INTERVAL, else INTERVAL). */
  intervalSeconds?: number,
): Promise<{ figures: Figure[]; outcome: WindowOutcome }> {
  const tag = `[${variant}]`;
  // With sensors the readings sent include theirs: they are counted in both tables.
  const sensorsPerGateway = rules ? 1 : 0;
  const tables: ReadingTables = rules ? ['dev_lamp_reading', 'dev_sensor_reading'] : ['dev_lamp_reading'];
  const readingsName = rules ? 'readings stored (lamps and sensors)' : 'lamp readings stored';
  const seconds = benchSeconds();
  const interval = intervalSeconds ?? (Number(process.env.BENCH_DEVICE_INTERVAL) || INTERVAL[variant]);
  const offered = (GATEWAYS * LAMPS_PER_GATEWAY) / interval;
  const sensorsText = rules ? ` + ${GATEWAYS} sensors` : '';
  // A window after another on the same fleet (the share benchmark) counts only its own readings.
  const storedBefore = await countReadings(target, tables);
  const mqttPort = await freePort();
  // The server writes its ingestion counters here when it stops (dropped readings, flush errors).
  const statsFile = path.join(target.dataDir, 'device-stats.json');
  const server = await startServer({
    ...target,
    adminPassword: ADMIN_PASSWORD,
    env: { MQTT_PORT: String(mqttPort), ICS_DEVICE_STATS_FILE: statsFile },
  });
  let serverStopped = false;
  const sim = startSimulator({
    url: `mqtt://127.0.0.1:${mqttPort}`,
    gateways: fleet.gateways.map((g) => ({ sn: g.sn, password: fleet.password })),
    lampsPerGateway: LAMPS_PER_GATEWAY,
    sensorsPerGateway,
    intervalSeconds: interval,
  });
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memory(server.pid)?.rss ?? 0);
  }, 250);
  try {
    const login = await call(server.api, 'POST', '/sys/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    if (login.status !== 200) throw new Error(`login failed (${login.status}): ${login.body.message}`);
    const token = (login.body.result as { token: string }).token;

    // 1,000 gateways authenticate (scrypt, cached afterwards) and start reporting.
    step(`server up (pid ${server.pid}), simulator pid ${sim.pid}: connecting ${GATEWAYS} gateways`);
    const connectStarted = Date.now();
    const started = await sim.started(240_000);
    if (started.connected < GATEWAYS)
      throw new Error(`only ${started.connected}/${GATEWAYS} gateways connected\n${sim.tracked.output()}`);
    const connectSeconds = (Date.now() - connectStarted) / 1000;
    // The sweeps are watched while the full load is on: warm-up, window and batch.
    const sweeps = rules && target.databaseUrl ? await watchSweeps(target.databaseUrl) : null;
    // Warm-up: every gateway has reported a few times, JIT and partitions are in place.
    await sleep(Math.max(3, 2 * interval) * 1000);
    const rssBefore = memory(server.pid)?.rss ?? 0;
    step(`connected in ${connectSeconds.toFixed(0)} s; measuring for ${seconds} s`);

    // ---- the measured window: ingestion, with single commands one after another ----
    const cpuServer = watchCpu([server.pid]);
    const cpuSim = watchCpu([sim.pid]);
    const cpuPostgres = variant === 'postgres' ? watchCpu([], true) : null;
    // Everything but the bench, the server, the simulator and (PostgreSQL variant) the database.
    const cpuAll = watchCpu([server.pid, sim.pid], variant === 'postgres');
    const windowStart = Date.now();
    const sent0 = (await sim.stats()).readingsSent;
    // What the table held when the window opened and closed is counted after the load, from
    // these snapshots: a count now would hold the server's writes back while it is measured.
    const snapshot0 = target.databaseUrl ? await snapshotNow(target.databaseUrl) : null;
    // The commands of the first seconds warm the command path up (the first requests of a route
    // compile its code) and are not counted.
    await commandLoop(server.api, token, fleet.lampIds, Date.now() + COMMAND_WARMUP_MS);
    // A checkpoint during the commands (PostgreSQL starts one per ~half of max_wal_size of WAL,
    // and this load writes tens of MB a second) makes the database's writes heavier meanwhile.
    const wal0 = target.databaseUrl ? await walActivity(target.databaseUrl) : null;
    const commandsStart = performance.now();
    const machineWatch = watchCpu([]);
    const completed: CompletedCommand[] = [];
    const timeline = startTimeline(
      {
        serverPid: server.pid,
        postgres: variant === 'postgres',
        statsFile,
        sent: async () => (await sim.stats()).readingsSent,
        commands: completed,
      },
      timelineSeconds(seconds),
    );
    const commands = await commandLoop(
      server.api,
      token,
      fleet.lampIds,
      Date.now() + seconds * 1000,
      completed,
    ).finally(() => timeline.stop());
    const machineCores = machineWatch.machineCores();
    const wal1 = target.databaseUrl ? await walActivity(target.databaseUrl) : null;
    const commandSeconds = (performance.now() - commandsStart) / 1000;
    const walText =
      wal0 && wal1
        ? `; PostgreSQL meanwhile: ${formatNumber((wal1.walBytes - wal0.walBytes) / 1e6 / commandSeconds)} MB/s of WAL, ${formatNumber((wal1.pageImages - wal0.pageImages) / commandSeconds)} full-page images/s, ${wal1.checkpoints - wal0.checkpoints} checkpoint(s) started`
        : '';
    // The server's delays so far (written every second): the window, before the batch's 10,000 acks.
    const windowDelays = readIngestStats(statsFile);
    const sent1 = (await sim.stats()).readingsSent;
    const snapshot1 = target.databaseUrl ? await snapshotNow(target.databaseUrl) : null;
    const windowSeconds = (Date.now() - windowStart) / 1000;
    const cores = {
      server: (cpuServer.underTestSeconds() ?? Number.NaN) / windowSeconds,
      sim: (cpuSim.underTestSeconds() ?? Number.NaN) / windowSeconds,
      postgres: cpuPostgres ? (cpuPostgres.underTestSeconds() ?? Number.NaN) / windowSeconds : null,
      other: cpuAll.otherCores(),
    };
    const rssAfter = memory(server.pid)?.rss ?? 0;

    step(
      `window done: ${formatNumber((sent1 - sent0) / windowSeconds)}/s sent, ${commands.visible.length} commands`,
    );
    // ---- a batch command to 10,000 lamps, still ingesting ----
    const batch = await batchCommand(server.api, token, fleet.lampIds.slice(0, BATCH_LAMPS));

    // ---- stop the load, let the server catch up, count what was stored ----
    step(`batch: ${batch.seconds ?? 'not done'} s; pausing the load`);
    const sweepTimes = await sweeps?.stop();
    const paused = await sim.pause();
    const pausedAt = Date.now();
    // Caught up: every reading sent is stored (the server's counters, written every second).
    while (Date.now() - pausedAt < 120_000 && (readIngestStats(statsFile)?.stored ?? 0) < paused.readingsSent)
      await sleep(100);
    const drainSeconds = (Date.now() - pausedAt) / 1000;
    step(
      `readings stored ${drainSeconds.toFixed(1)} s after the load stopped; waiting for the server to go idle`,
    );
    await waitIdle([server.pid], variant === 'postgres', 0.15, 120_000);
    step(`idle after ${((Date.now() - pausedAt) / 1000).toFixed(1)} s (latest-state rows written); stopping`);
    await sim.stop();
    const rssEnd = memory(server.pid);
    clearInterval(sampler);
    const exitedEarly = server.exitCode();
    await server.stop(120_000); // it writes what it still buffers (and a CPU profile when asked)
    serverStopped = true;
    if (exitedEarly !== null || !fs.existsSync(statsFile))
      console.error(
        `  ${tag} the server ${exitedEarly === null ? 'wrote no counters at stop' : `had exited (${exitedEarly})`}; its last output:\n${server.output()}`,
      );
    step(`server counters: ${JSON.stringify(readIngestStats(statsFile))}`);
    const counted =
      target.databaseUrl && snapshot0 && snapshot1
        ? await countReadingsAt(target.databaseUrl, [snapshot0, snapshot1], tables)
        : { total: await countReadings(target, tables), at: null };
    const sweeperOutcome = rules ? await thresholdOutcome(target) : null;
    const stored = counted.total - storedBefore;
    const lost = paused.readingsSent - stored;
    const times = await commandTimes(target, commands.ids);
    const turnaround = commandTurnaround(times).sort((a, b) => a - b);
    if (process.env.BENCH_TRACE) traceSlowest(commands.completed, times);

    const sentRate = (sent1 - sent0) / windowSeconds;
    const writtenRate = counted.at ? (counted.at[1]! - counted.at[0]!) / windowSeconds : null;
    const keptUp = drainSeconds <= KEPT_UP_SECONDS;
    // Without a live count (PGlite has one owner) the rate is what was sent in the window when
    // the server kept up; when it did not, what it stored over the whole run including the drain.
    const rate = writtenRate ?? sentRate;
    const ingestTarget = INGEST_TARGET[variant];
    const cpu = [
      `server ${cores.server.toFixed(2)}`,
      ...(cores.postgres === null ? [] : [`PostgreSQL ${cores.postgres.toFixed(2)}`]),
      `simulator ${cores.sim.toFixed(2)} cores`,
      ...(cores.other !== null && cores.other >= 0.1 ? [`others ${cores.other.toFixed(2)}`] : []),
    ].join(', ');
    // Near all cores busy, every wait for a core grows: the round trip's tail follows this figure.
    const machineText =
      machineCores === null
        ? ''
        : `; the machine: ${machineCores.toFixed(2)} of ${os.cpus().length} cores busy`;
    const figures: Figure[] = [
      {
        name: `${readingsName} ${tag}`,
        value: rate,
        unit: '/s',
        target: `≥ ${formatNumber(ingestTarget)}/s, none lost`,
        pass: rate >= ingestTarget && lost === 0 && keptUp,
        detail: [
          `${formatNumber(offered)}/s offered (${GATEWAYS} gateways × ${LAMPS_PER_GATEWAY} lamps${sensorsText} every ${interval} s), ${formatNumber(sentRate)}/s sent in ${windowSeconds.toFixed(0)} s`,
          writtenRate === null
            ? 'rate = sent (no live count on PGlite)'
            : `${formatNumber(writtenRate)}/s counted in the table`,
          `all readings stored ${drainSeconds.toFixed(1)} s after the load stopped`,
          `${formatNumber(paused.readingsSent)} sent, ${formatNumber(stored)} stored, ${lost} lost`,
          ingestStats(readIngestStats(statsFile), paused.readingsSent, stored),
          `CPU: ${cpu}, server ${((cores.server / sentRate) * 1e6).toFixed(1)} µs per reading sent`,
          `connect ${connectSeconds.toFixed(0)} s`,
        ].join('; '),
      },
    ];
    const rtt = commands.visible.sort((a, b) => a - b);
    const acks = commands.acked.sort((a, b) => a - b);
    const posted = commands.posted.sort((a, b) => a - b);
    const polls = commands.polls.sort((a, b) => a - b);
    const p99 = percentile(rtt, 99);
    figures.push({
      name: `command round trip while ingesting ${tag}`,
      value: rtt.length ? percentile(rtt, 50) : null,
      unit: 'ms p50',
      target: `p99 < ${COMMAND_P99_MS} ms`,
      pass: rtt.length > 0 && commands.failed === 0 && p99 < COMMAND_P99_MS,
      detail: `p99 ${formatNumber(p99)} ms, max ${formatNumber(rtt.at(-1) ?? Number.NaN)} ms, n=${rtt.length}${commands.failed ? `, ${commands.failed} failed (the first: ${commands.firstFailure})` : ''}; ${windowDelaysText(windowDelays)}; ack recorded p50 ${formatNumber(percentile(acks, 50))} / p99 ${formatNumber(percentile(acks, 99))} ms, of which command row written → ack received by the server p50 ${formatNumber(percentile(turnaround, 50))} / p99 ${formatNumber(percentile(turnaround, 99))} ms; command request answered p50 ${formatNumber(percentile(posted, 50))} / p99 ${formatNumber(percentile(posted, 99))} ms, a poll (status and device side by side) p50 ${formatNumber(percentile(polls, 50))} / p99 ${formatNumber(percentile(polls, 99))} ms (n=${polls.length}); lamp.dim → ack → state.values.level visible via GET /lighting/device/queryById (polled every ${POLL_MS} ms)${machineText}${walText}`,
    });
    figures.push({
      name: `batch command to ${formatNumber(BATCH_LAMPS)} lamps ${tag}`,
      value: batch.seconds,
      unit: 's',
      target: `< ${BATCH_SECONDS} s`,
      pass: batch.seconds !== null && batch.seconds < BATCH_SECONDS && batch.acked === BATCH_LAMPS,
      detail: batch.error
        ? `the API call failed after ${formatNumber(batch.apiMs)} ms (${batch.error}); while ingesting`
        : `API answered in ${formatNumber(batch.apiMs)} ms; ${batch.acked} acked, ${batch.other} failed/timeout, ${batch.pending} pending at the end (60 s at most); while ingesting`,
    });
    if (sweeperOutcome)
      figures.push({
        name: `sensor threshold limits evaluated ${tag}`,
        value: rules,
        unit: 'limits',
        detail: `the alarm sweeper (every 2 s, with the server) held ${GATEWAYS} sensors to ${rules} limits of their own: ${sweeperOutcome.alarms} threshold alarms raised (${rules / 10} limits are always exceeded, for 10 s before raising), ${sweeperOutcome.pending} conditions waiting at the end (${rules / 10} limits are crossed back and forth); time per sweep under load (warm-up, window, batch): ${
          sweepTimes
            ? `p50 ${formatNumber(sweepTimes.p50)} / max ${formatNumber(sweepTimes.max)} ms (n=${sweepTimes.n}, from the start times of the sweeps' waiting conditions)`
            : target.databaseUrl
              ? 'no sweep seen'
              : 'not measurable from outside on PGlite (one owner; the server publishes no sweep metric)'
        }`,
      });
    figures.push({
      name: `server memory ${tag}`,
      value: peakRss,
      unit: 'MiB RSS peak',
      detail: `${formatNumber(rssBefore)} MiB before the window, ${formatNumber(rssAfter)} after it, ${formatNumber(rssEnd?.rss ?? Number.NaN)} after the batch and drain (${GATEWAYS} MQTT sessions, ${formatNumber(GATEWAYS * LAMPS_PER_GATEWAY)} devices)`,
    });
    const outcome: WindowOutcome = {
      offered,
      stored: rate,
      lost,
      drainSeconds,
      keptUp,
      commandP50: percentile(rtt, 50),
      commandP99: p99,
      commands: rtt.length,
      commandsOk: rtt.length > 0 && commands.failed === 0,
      commandDetail: figures.find((f) => f.name.startsWith('command round trip'))?.detail ?? '',
    };
    return { figures, outcome };
  } finally {
    clearInterval(sampler);
    await sim.stop().catch(() => undefined);
    if (!serverStopped) await server.stop();
  }
}

const POLL_MS = 5;
/** Commands sent and not counted before the timed ones (the server also catches up on the count). */
const COMMAND_WARMUP_MS = 2_000;

/** Waits (at most `maxMs`) until the processes under test use less than `threshold` cores over 0.5 s. */
export async function waitIdle(pids: number[], postgres: boolean, threshold: number, maxMs: number) {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const watch = watchCpu(pids, postgres);
    await sleep(500);
    const used = watch.underTestSeconds();
    if (used === null || used / 0.5 < threshold) return;
  }
}

/**
 * Single lamp.dim commands one after another until `until`: time to ack, and to state visible.
 * Each command seen through is also appended to `completed` as it completes (the timeline reads it).
 */
export async function commandLoop(
  api: string,
  token: string,
  lampIds: string[],
  until: number,
  completed: CompletedCommand[] = [],
) {
  const visible: number[] = [];
  const acked: number[] = [];
  const ids: string[] = [];
  /** How long the command request and each poll request took (where the round trip goes). */
  const posted: number[] = [];
  const polls: number[] = [];
  let failed = 0;
  /** Why the first failed command failed (printed beside the figure). */
  let firstFailure: string | null = null;
  const fail = (why: string) => {
    failed++;
    firstFailure ??= why;
  };
  let n = 0;
  while (Date.now() < until) {
    const id = lampIds[Math.floor(Math.random() * lampIds.length)]!;
    const level = 1 + (n++ % 99);
    const sentAt = Date.now();
    const t0 = performance.now();
    const res = await call(api, 'POST', '/lighting/lamp/command', {
      token,
      body: { deviceIds: [id], command: { cmd: 'lamp.dim', params: { level, ramp: 0 } } },
    }).catch(() => null);
    if (!res) {
      fail('the command request failed');
      continue;
    }
    posted.push(performance.now() - t0);
    const commandId = (res.body.result as { commands?: Array<{ id: string }> } | null)?.commands?.[0]?.id;
    if (res.status !== 200 || !commandId) {
      fail(`the command request answered ${res.status}: ${res.body.message}`);
      continue;
    }
    ids.push(commandId);
    let ackMs: number | null = null;
    let done = false;
    while (!done && performance.now() - t0 < 10_000) {
      const pollStart = performance.now();
      const polled = await Promise.all([
        ackMs === null ? call(api, 'GET', `/lighting/command/status?ids=${commandId}`, { token }) : null,
        call(api, 'GET', `/lighting/device/queryById?id=${id}`, { token }),
      ]).catch(() => null);
      if (!polled) break;
      const [status, device] = polled;
      const now = performance.now() - t0;
      polls.push(performance.now() - pollStart);
      const cmd = (status?.body.result as Array<{ status: string }> | undefined)?.[0];
      if (cmd && cmd.status !== 'pending') ackMs = now;
      const values = (device.body.result as { state?: { values?: { level?: number } } }).state?.values;
      if (ackMs !== null && values?.level === level) {
        acked.push(ackMs);
        visible.push(now);
        completed.push({ id: commandId, sentAt, answered: posted.at(-1)!, acked: ackMs, visible: now });
        if (process.env.BENCH_TRACE)
          process.stderr.write(
            `  command at ${new Date().toISOString().slice(11, 23)}: answered ${posted.at(-1)!.toFixed(0)} ms, acked ${ackMs.toFixed(0)} ms, visible ${now.toFixed(0)} ms\n`,
          );
        done = true;
      } else await sleep(POLL_MS);
    }
    if (!done)
      fail(
        ackMs === null
          ? 'no ack recorded within 10 s'
          : `acked after ${ackMs.toFixed(0)} ms, the level not visible within 10 s`,
      );
  }
  return { visible, acked, failed, firstFailure, ids, posted, polls, completed };
}

type CompletedCommand = { id: string; sentAt: number; answered: number; acked: number; visible: number };

/**
 * The ten slowest round trips step by step (`BENCH_TRACE`): the command's row inserted, the request
 * answered, its ack at the server (the row's times), the ack and the state seen by polling.
 */
function traceSlowest(
  completed: CompletedCommand[],
  times: Map<string, { created: number; ack: number | null }>,
) {
  const slowest = [...completed].sort((a, b) => b.visible - a.visible).slice(0, 10);
  process.stderr.write('  slowest round trips (ms after the request was sent):\n');
  for (const c of slowest) {
    const t = times.get(c.id);
    const at = (epochMs: number | null | undefined) =>
      epochMs === null || epochMs === undefined ? '?' : (epochMs - c.sentAt).toFixed(0);
    process.stderr.write(
      `    visible ${c.visible.toFixed(0)}: row insert began ${at(t?.created)}, answered ${c.answered.toFixed(0)}, ack at the server ${at(t?.ack)}, ack seen ${c.acked.toFixed(0)}\n`,
    );
  }
}

/** One lamp.dim to `ids`; seconds until no command of the batch is pending any more. */
async function batchCommand(api: string, token: string, ids: string[]) {
  const t0 = performance.now();
  const res = await call(api, 'POST', '/lighting/lamp/command', {
    token,
    body: { deviceIds: ids, command: { cmd: 'lamp.dim', params: { level: 42, ramp: 0 } } },
  }).catch((error: Error) => ({ status: 0, body: { message: error.message, result: null } }));
  const apiMs = performance.now() - t0;
  const batchId = (res.body.result as { batchId?: string } | null)?.batchId;
  if (res.status !== 200 || !batchId)
    return {
      seconds: null,
      apiMs,
      acked: 0,
      pending: ids.length,
      other: 0,
      error: `${res.status}: ${res.body.message}`,
    };
  const count = async (status: string) => {
    const path = `/lighting/command/list?batchId=${batchId}&status=${status}&pageSize=1`;
    const r = await call(api, 'GET', path, { token }).catch(() => null);
    return (r?.body.result as { total: number } | undefined)?.total ?? Number.NaN;
  };
  let seconds: number | null = null;
  let pending = ids.length;
  while (performance.now() - t0 < 60_000) {
    pending = await count('pending');
    if (pending === 0) {
      seconds = (performance.now() - t0) / 1000;
      break;
    }
    await sleep(50);
  }
  const acked = await count('acked');
  return { seconds, apiMs, acked, pending, other: ids.length - acked - pending, error: null };
}
