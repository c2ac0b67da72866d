import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Benchmark, type Figure, formatNumber } from '../lib/benchmark';
import { spawnTracked } from '../lib/children';
import { freePort, type LoadResult, load, waitUntilReady } from './load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The Fastify version the server workspace resolves (the baseline loads the same copy). */
export function fastifyVersion(): string {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  return (require('fastify/package.json') as { version: string }).version;
}

let measured: Promise<LoadResult> | undefined;

/**
 * GET / of a bare Fastify app in its own process, 50 connections. Measured once per run and
 * shared: every HTTP figure of the run is compared with it.
 */
export function baseline(): Promise<LoadResult> {
  measured ??= (async () => {
    const port = await freePort();
    const child = spawnTracked(process.execPath, ['--import', 'tsx', 'bench/http/hello-server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port) },
    });
    try {
      const url = `http://127.0.0.1:${port}/`;
      await waitUntilReady(url, child.exited, 30_000).catch((error: Error) => {
        throw new Error(`hello-world did not start: ${error.message}\n${child.output()}`);
      });
      return await load({ url, connections: 50, pids: child.child.pid ? [child.child.pid] : [] });
    } finally {
      await child.stop();
    }
  })();
  return measured;
}

/** p99, share of the baseline, failures and other processes' CPU, for a figure's details. */
export function describeLoad(r: LoadResult, base?: LoadResult): string {
  const parts = [`p99 ${formatNumber(r.p99)} ms`];
  if (base) parts.push(`${((r.rps / base.rps) * 100).toFixed(1)} % of baseline`);
  if (r.cpuMsPerRequest !== null)
    parts.push(
      r.cpuMsPerRequest >= 1
        ? `${formatNumber(r.cpuMsPerRequest)} ms CPU/req`
        : `${formatNumber(r.cpuMsPerRequest * 1000)} µs CPU/req`,
    );
  if (r.bytesPerResponse >= 1024) parts.push(`${(r.bytesPerResponse / 1024).toFixed(1)} KiB/response`);
  if (r.failures) parts.push(`${r.failures} failed (${r.statuses})`);
  if (r.otherCores !== null && r.otherCores >= 0.1)
    parts.push(`other processes used ${r.otherCores.toFixed(2)} cores meanwhile`);
  return parts.join(', ');
}

export const baselineBenchmark: Benchmark = {
  name: 'baseline',
  async run(): Promise<Figure[]> {
    const r = await baseline();
    return [
      {
        name: `Fastify ${fastifyVersion()} hello-world, 50 conn`,
        value: r.rps,
        unit: 'req/s',
        detail: describeLoad(r),
      },
    ];
  },
};
