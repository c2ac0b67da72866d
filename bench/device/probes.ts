// What the device benchmark reads off the server while it runs: its counters (written every
// second, see ICS_DEVICE_STATS_FILE) and its resident memory.
import fs from 'node:fs';

/** The server's ingestion counters and delays (see `DeviceRuntime.writeStats`); null when missing. */
export function readIngestStats(file: string): Record<string, number> | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return null;
  }
}

/**
 * Resident memory of a process from /proc, in MiB: current and peak, and of the current how much
 * is anonymous (the heap, buffers, malloc's arenas) rather than mapped files (code, libraries).
 */
export function memory(pid: number): { rss: number; peak: number; anon: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024, anon: kb('RssAnon') / 1024 };
  } catch {
    return null;
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
