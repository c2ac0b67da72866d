// CPU accounting from /proc (Linux), so that a figure measured while other work ran on the
// machine says so. Elsewhere every function answers "unknown" (null) and nothing waits.
import fs from 'node:fs';

/** Kernel clock ticks per second (USER_HZ), 100 on every mainstream Linux build. */
const TICKS = 100;

function busyTicks(): number | null {
  try {
    const cpu = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
    return user + nice + system + irq + softirq + steal;
  } catch {
    return null;
  }
}

/**
 * CPU ticks a process used; with `reaped`, plus those of its children that ended (PostgreSQL:
 * a backend that closes during a measurement moves its time to the postmaster's, where the
 * difference of two readings still finds it — without it the figure could turn negative).
 */
function processTicks(pid: number, reaped = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]); // utime, stime
    return reaped ? own + Number(fields[13]) + Number(fields[14]) : own; // cutime, cstime
  } catch {
    return 0;
  }
}

/** CPU seconds a process has used so far (all its threads). */
export function processCpuSeconds(pid: number): number {
  return processTicks(pid) / TICKS;
}

/** Every PostgreSQL server process (the database under test in the PostgreSQL variant). */
function postgresPids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

export type CpuWatch = {
  /** Cores used on average by processes other than the ones under test, since the start. */
  otherCores(): number | null;
  /** CPU seconds the processes under test (not this one) used since the start; null when unknown. */
  underTestSeconds(): number | null;
  /** Cores busy on average since the start, whoever used them (the machine's load). */
  machineCores(): number | null;
};

/**
 * Starts watching: the processes under test are this one, `pids`, and (with `postgres`) the
 * PostgreSQL server; everything else that used CPU meanwhile is "other".
 */
export function watchCpu(pids: number[], postgres = false): CpuWatch {
  const underTest = () =>
    pids.reduce((sum, pid) => sum + processTicks(pid), 0) +
    (postgres ? postgresPids().reduce((sum, pid) => sum + processTicks(pid, true), 0) : 0);
  const self = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / (1e6 / TICKS);
  };
  const ours = () => self() + underTest();
  const started = Date.now();
  const busy0 = busyTicks();
  const ours0 = ours();
  const underTest0 = underTest();
  return {
    underTestSeconds() {
      return busy0 === null ? null : (underTest() - underTest0) / TICKS;
    },
    otherCores() {
      const busy1 = busyTicks();
      if (busy0 === null || busy1 === null) return null;
      const seconds = (Date.now() - started) / 1000;
      if (seconds <= 0) return null;
      return Math.max(0, (busy1 - busy0 - (ours() - ours0)) / TICKS / seconds);
    },
    machineCores() {
      const busy1 = busyTicks();
      const seconds = (Date.now() - started) / 1000;
      if (busy0 === null || busy1 === null || seconds <= 0) return null;
      return (busy1 - busy0) / TICKS / seconds;
    },
  };
}

/**
 * Waits (at most `maxMs`) until other processes use less than `threshold` cores over a
 * one-second sample, and answers the last sample: a load test on a shared machine should not
 * start in the middle of someone else's build.
 */
export async function waitForQuiet(pids: number[], threshold = 0.2, maxMs = 30_000): Promise<number | null> {
  const until = Date.now() + maxMs;
  for (;;) {
    const watch = watchCpu(pids);
    await new Promise((r) => setTimeout(r, 1_000));
    const other = watch.otherCores();
    if (other === null || other < threshold || Date.now() >= until) return other;
  }
}
