// The server's start on PGlite as a new user meets it (`npm start`, the demo on): time from
// spawn to the first 200 of GET /ics/health/ready on a fresh data directory and again on the
// same directory, and the resident memory a minute after each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../http/load';
import { type RunningServer, startServer } from '../http/server';
import type { Benchmark, Figure } from '../lib/benchmark';
import { processCpuSeconds } from '../lib/cpu';

const FIRST_START_MS = 8_000;
const RESTART_MS = 3_000;
const RSS_MB = 400;
/** How long after ready the resident memory is read (the demo's simulator runs meanwhile). */
const SETTLE_MS = Number(process.env.BENCH_START_SETTLE_S ?? 60) * 1000;

/** The process's threads share its VmRSS; child processes (none today) are added. */
function residentMb(pid: number): number {
  const kb = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const children = (p: number): number[] => {
    try {
      return fs
        .readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.shift()!;
    total += kb(p);
    queue.push(...children(p));
  }
  return total / 1024;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Starts on `dataDir`, times ready, waits a minute with the demo running, reads RSS, stops. */
async function oneStart(
  dataDir: string,
): Promise<{ readyMs: number; cpuS: number; rssMb: number; loadAtReady: string; loadAfter: string }> {
  const mqttPort = await freePort();
  const server: RunningServer = await startServer({
    dataDir,
    adminPassword: 'Bench-start-1',
    readyPath: '/health/ready',
    // `npm start`'s defaults: the demo with its simulated gateways; a broker port of its own
    // (1883 may be taken by another broker on this machine).
    env: { ICS_DEMO: '1', MQTT_PORT: String(mqttPort), ICS_LOG_LEVEL: 'info' },
  });
  // CPU the server used until ready: the time to ready follows the machine's load, this less so.
  const cpuS = processCpuSeconds(server.pid);
  const loadAtReady = load();
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    if (server.exitCode() !== null) throw new Error(`the server exited:\n${server.output()}`);
    const rssMb = residentMb(server.pid);
    if (process.env.BENCH_VERBOSE === '1') console.error(server.output());
    return { readyMs: server.readyMs, cpuS, rssMb, loadAtReady, loadAfter: load() };
  } finally {
    await server.stop();
  }
}

/** Time to ready and the resident memory a while later, for one start. */
function figures(
  label: string,
  start: Awaited<ReturnType<typeof oneStart>>,
  readyTargetMs: number,
): Figure[] {
  return [
    {
      name: `${label} → ready`,
      value: start.readyMs,
      unit: 'ms',
      target: `< ${readyTargetMs} ms`,
      pass: start.readyMs < readyTargetMs,
      detail: `${start.cpuS.toFixed(2)} s CPU until ready; load ${start.loadAtReady}`,
    },
    {
      name: `RSS after ${label}`,
      value: start.rssMb,
      unit: 'MB',
      target: `< ${RSS_MB} MB ${SETTLE_MS / 1000} s after ready`,
      pass: start.rssMb < RSS_MB,
      detail: `load ${start.loadAfter}`,
    },
  ];
}

export const startBenchmark: Benchmark = {
  name: 'start pglite',
  async run(): Promise<Figure[]> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ics-bench-start-'));
    try {
      const first = await oneStart(dataDir);
      const again = await oneStart(dataDir);
      return [...figures('first start', first, FIRST_START_MS), ...figures('restart', again, RESTART_MS)];
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
