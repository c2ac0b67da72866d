import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import path from 'node:path';

const running = new Set<ChildProcess>();

/**
 * Node options that make a child write a V8 CPU profile into `BENCH_CPU_PROF` (a directory; open
 * the file in Chrome DevTools or summarise it with bench/lib/cpu-profile.ts); none when unset.
 * `BENCH_CPU_PROF_INTERVAL` sets the sampling interval in µs (V8's default is 1000; a coarser
 * one keeps the profile of an hour's run small).
 */
export function cpuProfileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return [];
  const interval = Number(process.env.BENCH_CPU_PROF_INTERVAL);
  return [
    '--cpu-prof',
    `--cpu-prof-dir=${path.resolve(dir)}`,
    ...(interval > 0 ? [`--cpu-prof-interval=${Math.round(interval)}`] : []),
  ];
}

/**
 * Spawns a child that is killed when the bench exits, however it exits (error, Ctrl-C).
 * Output is kept (last lines) for error messages instead of being printed.
 */
export function spawnTracked(command: string, args: string[], options: SpawnOptions = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  running.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? -1 : null));
    });
    child.once('error', () => {
      running.delete(child);
      resolve(-1);
    });
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    exited,
    output: () => lines.join('\n'),
    /** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
    async stop(graceMs = 10_000): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type Tracked = ReturnType<typeof spawnTracked>;

function killAll() {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}
