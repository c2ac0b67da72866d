import net from 'node:net';
import autocannon, { type Options } from 'autocannon';
import { benchSeconds } from '../lib/benchmark';
import { waitForQuiet, watchCpu } from '../lib/cpu';

export type LoadResult = {
  /** Mean of the per-second request counts (autocannon's "Req/Sec avg"). */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses that were not 2xx, plus socket errors and timeouts. */
  failures: number;
  statuses: string;
  /** Cores other processes used meanwhile (null when unknown): noise in a shared machine. */
  otherCores: number | null;
  /**
   * CPU time the server (and PostgreSQL) spent per request, in ms: unlike requests/s it hardly
   * depends on what else runs on the machine.
   */
  cpuMsPerRequest: number | null;
  /** Mean response size on the wire (headers and body, as sent: compressed when it was). */
  bytesPerResponse: number;
};

export type LoadOptions = Omit<Options, 'duration'> & {
  /** Seconds; defaults to BENCH_SECONDS. */
  seconds?: number;
  /** Seconds of unmeasured load first (JIT, caches, connection pools); default 2. */
  warmupSeconds?: number;
  /** Processes under test besides this one (the server), for the CPU accounting. */
  pids?: number[];
  /** The PostgreSQL server is under test too (every `postgres` process on the machine). */
  postgres?: boolean;
  /**
   * More processes under test, asked for after the warm-up (the PostgreSQL backends serving
   * the server's connections, which the warm-up has opened): only these, not every PostgreSQL
   * process of a shared server, whose connections may come and go during the measurement.
   */
  pidsAfterWarmup?: () => Promise<number[]>;
};

/** Runs autocannon against one URL (in this process: the server under test has the other core). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const {
    seconds = benchSeconds(),
    warmupSeconds = Math.min(2, seconds),
    pids = [],
    postgres = false,
    pidsAfterWarmup,
    ...rest
  } = options;
  const base: Options = { connections: 50, timeout: 10, ...rest };
  await waitForQuiet(pids);
  if (warmupSeconds > 0) await autocannon({ ...base, duration: warmupSeconds });
  const watched = pidsAfterWarmup ? [...pids, ...(await pidsAfterWarmup())] : pids;
  const cpu = watchCpu(watched, postgres);
  const r = await autocannon({ ...base, duration: seconds });
  const otherCores = cpu.otherCores();
  const cpuSeconds = watched.length ? cpu.underTestSeconds() : null;
  const statuses = Object.entries(r.statusCodeStats)
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.latency.totalCount,
    failures: r.non2xx + r.errors + r.timeouts,
    statuses,
    otherCores,
    bytesPerResponse: r.latency.totalCount === 0 ? 0 : r.throughput.total / r.latency.totalCount,
    cpuMsPerRequest:
      cpuSeconds === null || r.latency.totalCount === 0 ? null : (cpuSeconds * 1000) / r.latency.totalCount,
  };
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200, the child exits, or `timeoutMs` passes. */
export async function waitUntilReady(
  url: string,
  exited: Promise<unknown>,
  timeoutMs = 60_000,
): Promise<number> {
  const started = Date.now();
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() - started < timeoutMs) {
    if (gone) throw new Error('the process exited before it was ready');
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready after ${timeoutMs / 1000} s`);
}
