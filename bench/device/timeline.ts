// A long device benchmark prints one line per interval of its window, so that a figure which
// drifts over half an hour shows where and with what: the rates, the backlog, the CPU of the
// server and of PostgreSQL, memory, garbage collection, the rollup job and the commands' tail.
import { formatNumber } from '../lib/benchmark';
import { type CanaryTimes, startCanary } from '../lib/canary';
import { watchCpu } from '../lib/cpu';
import { memory, percentile, readIngestStats } from './probes';

export type TimelineSources = {
  serverPid: number;
  /** Also watch PostgreSQL's processes (the PostgreSQL variant). */
  postgres: boolean;
  statsFile: string;
  /** Readings the simulator has sent so far. */
  sent: () => Promise<number>;
  /** Round trips completed so far (ms, with the epoch ms they were sent at); appended to by the bench. */
  commands: ReadonlyArray<{ sentAt: number; visible: number }>;
};

/**
 * Seconds per timeline line: `BENCH_TIMELINE` (0 turns it off), else 60 for windows of two
 * minutes or more and none for shorter ones.
 */
export function timelineSeconds(windowSeconds: number): number {
  const set = process.env.BENCH_TIMELINE;
  if (set !== undefined && set !== '') return Math.max(0, Number(set) || 0);
  return windowSeconds >= 120 ? 60 : 0;
}

type Mark = {
  at: number;
  sent: number;
  stats: Record<string, number>;
  canary: CanaryTimes | null;
};

/** Starts printing (to stderr) every `seconds`; the answer stops it. */
export function startTimeline(src: TimelineSources, seconds: number): { stop(): void } {
  if (seconds <= 0) return { stop() {} };
  const started = Date.now();
  const canary = startCanary();
  let last: Mark | null = null;
  let cpu = { server: watchCpu([src.serverPid]), postgres: src.postgres ? watchCpu([], true) : null };
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const mark: Mark = {
        at: Date.now(),
        sent: await src.sent(),
        stats: readIngestStats(src.statsFile) ?? {},
        canary: await canary.time().catch(() => null),
      };
      if (last) process.stderr.write(`${line(src, last, mark, cpu, started)}\n`);
      last = mark;
      cpu = { server: watchCpu([src.serverPid]), postgres: src.postgres ? watchCpu([], true) : null };
    } catch (error) {
      process.stderr.write(`  timeline: ${(error as Error).message}\n`);
    } finally {
      busy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), seconds * 1000);
  return {
    stop: () => {
      clearInterval(timer);
      void canary.stop();
    },
  };
}

function line(
  src: TimelineSources,
  a: Mark,
  b: Mark,
  cpu: { server: ReturnType<typeof watchCpu>; postgres: ReturnType<typeof watchCpu> | null },
  started: number,
): string {
  const s = (b.at - a.at) / 1000;
  const delta = (key: string) => (b.stats[key] ?? 0) - (a.stats[key] ?? 0);
  const sentRate = (b.sent - a.sent) / s;
  const serverCores = (cpu.server.underTestSeconds() ?? Number.NaN) / s;
  const pgCores = cpu.postgres ? (cpu.postgres.underTestSeconds() ?? Number.NaN) / s : null;
  const mem = memory(src.serverPid);
  const stat = (key: string) => formatNumber(b.stats[key] ?? Number.NaN);
  const rtt = src.commands
    .filter((c) => c.sentAt >= a.at && c.sentAt < b.at)
    .map((c) => c.visible)
    .sort((x, y) => x - y);
  const parts = [
    `sent ${formatNumber(sentRate)}/s, stored ${formatNumber(delta('stored') / s)}/s, backlog ${formatNumber((b.stats.readings ?? 0) - (b.stats.stored ?? 0))}, held back +${delta('heldBack')}`,
    `server ${serverCores.toFixed(2)} cores (${((serverCores / sentRate) * 1e6).toFixed(2)} µs/reading)${pgCores === null ? '' : `, PostgreSQL ${pgCores.toFixed(2)}`}`,
    `RSS ${formatNumber(mem?.rss ?? Number.NaN)} MiB (anonymous ${formatNumber(mem?.anon ?? Number.NaN)}), heap ${stat('heapUsedMiB')} of ${stat('heapTotalMiB')} MiB (old space ${stat('oldSpaceUsedMiB')} of ${stat('oldSpaceMiB')}), external ${stat('externalMiB')} MiB`,
    `GC ${formatNumber(delta('gcMs') / s)} ms/s (${delta('gcPauses')} pauses; young ${formatNumber(delta('gcMinorMs') / s)}, full ${formatNumber(delta('gcMajorMs') / s)} ms/s in ${delta('gcMajors')}, incremental ${formatNumber(delta('gcIncrementalMs') / s)})`,
    `rollup ${delta('rollupRuns') ? `${formatNumber(b.stats.lastRollupMs ?? Number.NaN)} ms for ${formatNumber(b.stats.lastRollupRows ?? Number.NaN)} device-hours` : 'not run'}`,
    `canary ${b.canary ? `${b.canary.aluMs} ms arithmetic, ${b.canary.memoryMs} ms memory` : 'unknown'}`,
    `commands n=${rtt.length}${rtt.length ? ` p50 ${formatNumber(percentile(rtt, 50))} / p99 ${formatNumber(percentile(rtt, 99))} / max ${formatNumber(rtt.at(-1)!)} ms` : ''}`,
  ];
  const minutes = ((b.at - started) / 60_000).toFixed(1);
  return `  timeline +${minutes} min: ${parts.join('; ')}`;
}
