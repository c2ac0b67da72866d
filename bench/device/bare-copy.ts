import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The server's own encoder and columns: the bound is the very bytes ingestion sends.
import { type Database, LampColumns, lampColumnNames, lampCopyBinary } from '@ics/server/tools';
import { freshPostgres } from '../http/database';
import { startServer } from '../http/server';
import { type Benchmark, type Figure, formatNumber, skipped } from '../lib/benchmark';
import type { WindowOutcome } from './devices';
import { withDatabase } from './seed';

type Variant = 'pglite' | 'postgres';

/** Rows per COPY statement, as the server's telemetry store writes them (telemetry-store.ts). */
const ROWS_PER_COPY = { postgres: 50_000, pglite: 1_000 } as const;
/** Rows copied in all (`BENCH_COPY_ROWS` overrides both). */
const ROWS = { postgres: 1_000_000, pglite: 200_000 } as const;
const GATEWAYS = 1_000;
const LAMPS_PER_GATEWAY = 100;
/** Seconds between two messages of a gateway, as the device benchmark offers PostgreSQL. */
const INTERVAL_S = 0.95;
const DAY_MS = 86_400_000;

export type BareCopy = { rowsPerSecond: number; load: string };

/**
 * The last bare COPY figure of each database in this run: the device benchmark states its
 * figures as shares of it (measured minutes apart, so that the machine's drift mostly cancels).
 */
export const lastBareCopy = new Map<Variant, BareCopy>();

/** The machine's load average, printed beside figures measured on a shared machine. */
export const loadText = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;

/**
 * The bound of the device benchmark's stored readings: lamp readings of 1,000 gateways × 100
 * lamps (a message's 100 lamps share its timestamp; the gateways' messages spread over each
 * 0.95 s round) written with the server's binary COPY encoder, in the server's statement size,
 * one statement at a time, into a freshly migrated database. No MQTT, no parsing, no rollups,
 * no latest-state rows: what is left of ingestion is encoding and the database's insert.
 */
export function bareCopyBenchmark(variant: Variant): Benchmark {
  return {
    name: `devices bound: bare COPY [${variant}]`,
    async run() {
      const figureName = `lamp readings bare binary COPY [${variant}]`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ics-bench-copy-${variant}-`));
      let databaseUrl: string | undefined;
      let drop: (() => Promise<void>) | undefined;
      try {
        if (variant === 'postgres') {
          const pg = await freshPostgres();
          if (pg.url === null) return [skipped(figureName, 'rows/s', `skipped: ${pg.reason}`)];
          databaseUrl = pg.url;
          drop = pg.drop;
        }
        // Migrated by the server itself, then stopped: the database is the bench's alone.
        const migrating = await startServer({ dataDir, adminPassword: 'Bench-Admin-123!', databaseUrl });
        await migrating.stop();
        const rows = Number(process.env.BENCH_COPY_ROWS) || ROWS[variant];
        const result = await withDatabase({ dataDir, databaseUrl }, (db) => copyRows(db, variant, rows));
        const rate = result.rows / result.seconds;
        const load = loadText();
        lastBareCopy.set(variant, { rowsPerSecond: rate, load });
        return [
          {
            name: figureName,
            value: rate,
            unit: 'rows/s',
            detail: `${formatNumber(result.rows)} rows (${GATEWAYS} gateways × ${LAMPS_PER_GATEWAY} lamps, ${formatNumber(result.rows / (GATEWAYS * LAMPS_PER_GATEWAY))} rounds) in ${result.seconds.toFixed(1)} s, ${formatNumber(ROWS_PER_COPY[variant])} rows per COPY one after another (as the server writes them), ${formatNumber(result.bytes / result.rows)} bytes per row encoded, encoding ${formatNumber(result.encodeShare * 100)} % of the time; server's lampCopyBinary into a freshly migrated dev_lamp_reading (indexes included); ${load}`,
          },
        ];
      } finally {
        await drop?.().catch((error: Error) =>
          console.error(`could not drop the database: ${error.message}`),
        );
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Builds `rows` lamp readings (columns filled before the clock starts), then copies them in. */
async function copyRows(db: Database, variant: Variant, rows: number) {
  const lamps = GATEWAYS * LAMPS_PER_GATEWAY;
  const deviceIds = Array.from({ length: lamps }, () => crypto.randomUUID());
  const t0 = Date.now();
  // Batches of at most 50,000 rows (the server's flushes are of this order), split per statement below.
  const batches: LampColumns[] = [];
  let batch = new LampColumns();
  for (let i = 0; i < rows; i++) {
    const round = Math.floor(i / lamps);
    const lamp = i % lamps;
    const gateway = Math.floor(lamp / LAMPS_PER_GATEWAY);
    const ts = t0 + Math.round((round + gateway / GATEWAYS) * INTERVAL_S * 1000);
    batch.add(ts, deviceIds[lamp]!, 'bench', reading(i));
    if (batch.size === 50_000) {
      batches.push(batch);
      batch = new LampColumns();
    }
  }
  if (batch.size) batches.push(batch);
  await ensurePartitions(db, t0, t0 + Math.ceil(rows / lamps + 1) * INTERVAL_S * 1000);

  const step = ROWS_PER_COPY[variant];
  let bytes = 0;
  let encodeMs = 0;
  const noPause = () => undefined;
  const started = performance.now();
  for (const c of batches)
    for (let from = 0; from < c.size; from += step) {
      // Pulled chunk by chunk as the COPY takes them (the server's way), each pull timed.
      const encoder = lampCopyBinary(c, from, Math.min(c.size, from + step));
      const timed = function* () {
        for (;;) {
          const pulled = performance.now();
          const next = encoder.next();
          encodeMs += performance.now() - pulled;
          if (next.done) return;
          bytes += next.value.length;
          yield next.value;
        }
      };
      await db.copyIn('dev_lamp_reading', lampColumnNames, timed(), noPause);
    }
  const seconds = (performance.now() - started) / 1000;
  return { rows, seconds, bytes, encodeShare: encodeMs / 1000 / seconds };
}

/** Lamp values as the simulator sends them: lit, dimmed, 220 V ± 3, counters growing. */
function reading(i: number): Parameters<LampColumns['add']>[3] {
  const level = 20 + (i % 80);
  const power = Math.round(level * 1.5 + (i % 7) / 10);
  return {
    dev: 'L001',
    on: true,
    level,
    target: level,
    voltage: 217 + (i % 61) / 10,
    current: Math.round((power / 209) * 1000) / 1000,
    power,
    powerFactor: 0.95,
    energy: 1000 + i / 1e4,
    hours: 500 + i / 1e5,
    switchOns: 100 + (i % 5),
  } as Parameters<LampColumns['add']>[3];
}

/** The daily partitions the rows fall in (ingestion creates them on demand, the same way). */
async function ensurePartitions(db: Database, fromMs: number, toMs: number) {
  for (let day = Math.floor(fromMs / DAY_MS); day <= Math.floor(toMs / DAY_MS); day++) {
    const from = new Date(day * DAY_MS).toISOString();
    const to = new Date((day + 1) * DAY_MS).toISOString();
    const name = `dev_lamp_reading_p${from.slice(0, 10).replaceAll('-', '')}`;
    await db.query(
      `create table if not exists ${name} partition of dev_lamp_reading for values from ('${from}') to ('${to}')`,
    );
  }
}

/** Device targets as shares of the bare COPY bound: readings stored ≥ 30 % of it, none lost… */
export const STORED_SHARE = 0.3;
/** …and the command round trip's p99 < 100 ms while ingesting at half of that (15 % of it). */
export const COMMAND_LOAD_SHARE = STORED_SHARE / 2;
const COMMAND_P99_MS = 100;

/**
 * The share benchmark's rows (`deviceShareBenchmark`): what its two windows stored and how fast
 * commands came back, against this run's last bare COPY figure of the database; skipped rows
 * with `why` when there is none.
 */
export function shareFigures(
  variant: Variant,
  measured: { bare: BareCopy; storing: WindowOutcome; commanding: WindowOutcome } | null,
  why = '',
): Figure[] {
  const tag = `[${variant}]`;
  const storedName = `readings stored, share of bare COPY ${tag}`;
  const commandName = `command round trip at ${COMMAND_LOAD_SHARE * 100} % of bare COPY ${tag}`;
  if (!measured) return [skipped(storedName, '%', why), skipped(commandName, 'ms p99', why)];
  const { bare, storing, commanding } = measured;
  const shareOf = (rate: number) => rate / bare.rowsPerSecond;
  const window = (w: WindowOutcome) =>
    `${formatNumber(w.offered)}/s offered (${formatNumber(shareOf(w.offered) * 100)} % of bare COPY), ${formatNumber(w.stored)}/s stored (${formatNumber(shareOf(w.stored) * 100)} %), ${w.lost} lost, all stored ${w.drainSeconds.toFixed(1)} s after the load stopped${w.keptUp ? '' : ' (the server did not keep up)'}`;
  const bound = `bare COPY ${formatNumber(bare.rowsPerSecond)} rows/s, measured right before (${bare.load})`;
  return [
    {
      name: storedName,
      value: shareOf(storing.stored) * 100,
      unit: '%',
      target: `≥ ${STORED_SHARE * 100} %, none lost`,
      pass: shareOf(storing.stored) >= STORED_SHARE && storing.lost === 0 && storing.keptUp,
      detail: `${window(storing)}; ${bound}`,
    },
    {
      name: commandName,
      value: commanding.commandP99,
      unit: 'ms p99',
      target: `p99 < ${COMMAND_P99_MS} ms while storing ≥ ${COMMAND_LOAD_SHARE * 100} % of bare COPY`,
      pass:
        commanding.commandsOk &&
        commanding.commandP99 < COMMAND_P99_MS &&
        shareOf(commanding.stored) >= COMMAND_LOAD_SHARE &&
        commanding.keptUp,
      detail: `p50 ${formatNumber(commanding.commandP50)} ms; ${window(commanding)}; ${bound}; ${commanding.commandDetail}`,
    },
  ];
}
