import { openDatabase } from '@ics/server/tools';
import { percentile } from './probes';

/** The sweeper's pause between the end of one sweep and the start of the next (`AlarmSweeper`). */
const SWEEP_PAUSE_MS = 2_000;

/**
 * The alarm sweeper's time per sweep, seen from outside (PostgreSQL only, a second connection
 * while the server runs): a threshold condition waiting out its duration is stored with the
 * start of the sweep that found it (`alarm_pending.since`), and the limits crossed back and
 * forth make new ones on nearly every sweep. Two sweeps one after the other start the sweep's
 * duration plus the 2 s pause apart, so the gaps between the start times seen, less the pause,
 * are the sweeps' durations (a sweep that left no condition behind merges two gaps: the
 * maximum is an upper bound).
 */
export async function watchSweeps(databaseUrl: string, everyMs = 500) {
  const db = await openDatabase({ databaseUrl });
  const starts = new Set<number>();
  let polling: Promise<void> = Promise.resolve();
  const poll = async () => {
    const rows = await db.query<{ at: number }>(
      `select distinct extract(epoch from since) * 1000 as at from alarm_pending where type = 'threshold'`,
    );
    for (const r of rows) starts.add(Number(r.at));
  };
  const from = Date.now();
  const timer = setInterval(() => {
    polling = polling.then(poll).catch(() => undefined);
  }, everyMs);
  return {
    /** Stops polling; the durations of the sweeps that started after the watch did, in ms. */
    async stop(): Promise<{ p50: number; max: number; n: number } | null> {
      clearInterval(timer);
      await polling;
      await db.close();
      const seen = [...starts].filter((t) => t >= from).sort((a, b) => a - b);
      const durations = seen.slice(1).map((t, i) => t - seen[i]! - SWEEP_PAUSE_MS);
      if (durations.length === 0) return null;
      durations.sort((a, b) => a - b);
      return { p50: percentile(durations, 50), max: durations.at(-1)!, n: durations.length };
    },
  };
}
