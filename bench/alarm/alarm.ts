import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@ics/server/tools';
import { Simulator } from '@ics/simulator';
import { seedFleet } from '../device/seed';
import { freshPostgres } from '../http/database';
import { freePort } from '../http/load';
import { API, call, startServer } from '../http/server';
import { type Benchmark, type Figure, formatNumber, skipped } from '../lib/benchmark';

const ADMIN_PASSWORD = 'Bench-Admin-123!';
const GATEWAYS = 100;
const LAMPS_PER_GATEWAY = 100;
const LAMPS = GATEWAYS * LAMPS_PER_GATEWAY;
/** Every lamp faults within this window. */
const STORM_MS = 10_000;
/** The list and the counts must be right this soon after the last fault. */
const MAX_SETTLE_MS = 5_000;
/** The alarm list's p95 during the storm, and over a million alarms. */
const MAX_LIST_MS = 150;
const HISTORY = 1_000_000;
const REQUESTS = 30;

type Variant = 'pglite' | 'postgres';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;

/**
 * Issue 26: (a) an alarm storm, 10,000 lamps behind 100 simulated gateways report a fault within
 * 10 s: how long after the last fault the alarm counts and list show every alarm exactly once,
 * and the list's p95 while it happens; (b) the first page of the alarm list over 1,000,000
 * historical alarms seeded by SQL.
 */
export function alarmBenchmark(variant: Variant): Benchmark {
  return {
    name: `alarms [${variant}]`,
    async run() {
      const tag = `[${variant}]`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ics-bench-alarm-${variant}-`));
      let databaseUrl: string | undefined;
      let drop: (() => Promise<void>) | undefined;
      try {
        if (variant === 'postgres') {
          const pg = await freshPostgres();
          if (pg.url === null) return [skipped(`alarm storm ${tag}`, 's', `skipped: ${pg.reason}`)];
          databaseUrl = pg.url;
          drop = pg.drop;
        }
        const first = await startServer({ dataDir, adminPassword: ADMIN_PASSWORD, databaseUrl });
        await first.stop();
        const fleet = await seedFleet({ dataDir, databaseUrl }, GATEWAYS, LAMPS_PER_GATEWAY);
        const figures = await storm({ dataDir, databaseUrl }, fleet, tag);
        if (process.env.BENCH_ALARM_HISTORY === '0') return figures;
        // PGlite's files belong to one process: history is seeded with the server stopped.
        await seedHistory({ dataDir, databaseUrl }, fleet.projectId, fleet.lampIds);
        figures.push(...(await history({ dataDir, databaseUrl }, tag)));
        return figures;
      } finally {
        await drop?.().catch((error: Error) =>
          console.error(`could not drop the database: ${error.message}`),
        );
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

type Target = { dataDir: string; databaseUrl: string | undefined };

async function login(api: string): Promise<string> {
  const res = await call(api, 'POST', '/sys/login', {
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`login failed (${res.status}): ${res.body.message}`);
  return (res.body.result as { token: string }).token;
}

async function timedGet(api: string, route: string, token: string): Promise<{ ms: number; result: unknown }> {
  const start = performance.now();
  const res = await fetch(`${api}${route}`, { headers: { 'x-access-token': token } });
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${text.slice(0, 200)}`);
  return { ms, result: (JSON.parse(text) as { result: unknown }).result };
}

async function storm(
  target: Target,
  fleet: Awaited<ReturnType<typeof seedFleet>>,
  tag: string,
): Promise<Figure[]> {
  const mqttPort = await freePort();
  const server = await startServer({
    ...target,
    adminPassword: ADMIN_PASSWORD,
    env: { MQTT_PORT: String(mqttPort) },
  });
  const sim = new Simulator({
    url: `mqtt://127.0.0.1:${mqttPort}`,
    gateways: fleet.gateways.map((g) => ({ sn: g.sn, password: fleet.password })),
    lampsPerGateway: LAMPS_PER_GATEWAY,
    telemetryIntervalSeconds: 60,
    heartbeatSeconds: 60,
    startTogether: true,
  });
  try {
    const token = await login(server.api);
    await sim.start();
    const connected = sim.stats.connected;
    if (connected < GATEWAYS) throw new Error(`only ${connected}/${GATEWAYS} gateways connected`);

    // The console's list, polled one request after another while the storm goes on.
    const listRoute = '/alarm/list?pageNo=1&pageSize=10';
    const during: number[] = [];
    let storming = true;
    const poller = (async () => {
      while (storming) during.push((await timedGet(server.api, listRoute, token)).ms);
    })();

    const stormStart = performance.now();
    const lamps = await sim.faultStorm('lampFailure', true, STORM_MS);
    const lastFault = performance.now();
    let settledMs = Number.NaN;
    let counts = { open: 0 };
    let total = 0;
    const deadline = lastFault + 60_000;
    while (performance.now() < deadline) {
      counts = (await timedGet(server.api, '/alarm/counts', token)).result as { open: number };
      total = ((await timedGet(server.api, listRoute, token)).result as { total: number }).total;
      if (counts.open >= LAMPS && total >= LAMPS) {
        settledMs = performance.now() - lastFault;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    storming = false;
    await poller;
    // Still exactly one alarm per lamp a moment later (nothing counted twice, nothing late).
    await new Promise((r) => setTimeout(r, 1_000));
    const after = (await timedGet(server.api, '/alarm/counts', token)).result as { open: number };
    if (after.open !== LAMPS)
      console.error(`${tag} alarm storm: server output\n${server.output().slice(-4000)}`);
    during.sort((a, b) => a - b);
    const p95 = quantile(during, 0.95);
    return [
      {
        name: `alarm storm: ${LAMPS.toLocaleString('en-US')} lamps fault within ${STORM_MS / 1000} s → counts and list right ${tag}`,
        value: settledMs,
        unit: 'ms after the last fault',
        detail: `${lamps} lamp faults sent in ${formatNumber((lastFault - stormStart) / 1000)} s; open alarms ${after.open} (expected ${LAMPS}), list total ${total}`,
        target: `< ${MAX_SETTLE_MS} ms, exactly ${LAMPS} alarms`,
        pass: settledMs < MAX_SETTLE_MS && after.open === LAMPS && total === LAMPS,
      },
      {
        name: `GET ${API}${listRoute} during the storm ${tag}`,
        value: p95,
        unit: 'ms p95',
        detail: `p50 ${formatNumber(quantile(during, 0.5))} ms; ${during.length} sequential requests`,
        target: `p95 < ${MAX_LIST_MS} ms`,
        pass: p95 < MAX_LIST_MS,
      },
    ];
  } finally {
    await sim.stop().catch(() => undefined);
    await server.stop();
  }
}

/** A million closed alarms of the fleet's lamps over the past year, by SQL. */
async function seedHistory(target: Target, projectId: string, lampIds: string[]): Promise<void> {
  const db = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  try {
    await db.query(
      `insert into alarm_record (project_id, source_kind, source_id, device_id, type, code, severity, status, cleared,
         closed, first_at, last_at, cleared_at, resolved_by, resolved_at)
       select $1, 'device', l.id, l.id, 'fault', (array['lampFailure','relayFailure','lowPower','highCurrent'])[1 + i % 4],
              (array['critical','major','minor','warning'])[1 + i % 4], 'resolved', true, true,
              now() - make_interval(secs => i * 31.5), now() - make_interval(secs => i * 31.5 - 60),
              now() - make_interval(secs => i * 31.5 - 120), 'bench', now() - make_interval(secs => i * 31.5 - 180)
         from generate_series(1, $2::int) i
         join unnest($3::text[]) with ordinality as l(id, n) on l.n = 1 + i % $4`,
      [projectId, HISTORY, lampIds, lampIds.length],
    );
    await db.query('analyze alarm_record');
  } finally {
    await db.close();
  }
}

async function history(target: Target, tag: string): Promise<Figure[]> {
  const server = await startServer({ ...target, adminPassword: ADMIN_PASSWORD });
  try {
    const token = await login(server.api);
    const cases = [
      { label: 'active (default)', route: '/alarm/list?pageNo=1&pageSize=10' },
      { label: 'all statuses', route: '/alarm/list?pageNo=1&pageSize=10&status=all' },
      {
        label: 'all, severity critical',
        route: '/alarm/list?pageNo=1&pageSize=10&status=all&severity=critical',
      },
      { label: 'counts', route: '/alarm/counts' },
    ];
    const figures: Figure[] = [];
    for (const c of cases) {
      for (let i = 0; i < 3; i++) await timedGet(server.api, c.route, token);
      const times: number[] = [];
      let total: number | undefined;
      for (let i = 0; i < REQUESTS; i++) {
        const r = await timedGet(server.api, c.route, token);
        times.push(r.ms);
        total ??= (r.result as { total?: number }).total;
      }
      times.sort((a, b) => a - b);
      const p95 = quantile(times, 0.95);
      figures.push({
        name: `GET ${API}${c.route} over ${HISTORY.toLocaleString('en-US')} alarms ${tag}`,
        value: p95,
        unit: 'ms p95',
        detail: `p50 ${formatNumber(quantile(times, 0.5))} ms; ${c.label}; total ${total ?? '-'}; ${REQUESTS} sequential requests`,
        target: `p95 < ${MAX_LIST_MS} ms`,
        pass: p95 < MAX_LIST_MS,
      });
    }
    return figures;
  } finally {
    await server.stop();
  }
}
