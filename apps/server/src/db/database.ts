import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PgliteClient } from './pglite-client';
import { builtTemplateDir, templateApplies } from './pglite-template';

export type Row = Record<string, unknown>;

/** The one SQL interface every module uses; PGlite and a PostgreSQL server behave the same behind it. */
export type Queryable = {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
};

/**
 * Writes rows into `table` with COPY in PostgreSQL's binary format (`chunks`: the header, the
 * rows, the trailer), pulling `chunks` one at a time. All rows are written or none (one statement).
 * `pace`, called after each chunk, answers a promise to wait for before the next one (the
 * caller's share of the event loop: other work, MQTT input and HTTP, gets the thread meanwhile).
 */
export type CopyIn = (
  table: string,
  columns: readonly string[],
  chunks: Iterable<Uint8Array>,
  pace: () => Promise<void> | undefined,
) => Promise<void>;

export type Database = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Bulk rows with binary COPY: on PostgreSQL on the bulk connection, a connection of its own for
   * telemetry, so that API queries and command writes never queue behind ingestion; on PGlite
   * one `COPY … FROM '/dev/blob'` (faster than a multi-row insert there).
   */
  readonly copyIn: CopyIn;
  /** Runs `work` in one transaction; everything it writes is committed together or not at all. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on one connection held for its whole duration (session-level advisory locks,
   * explicit BEGIN/COMMIT). PGlite has a single connection anyway.
   */
  withConnection<T>(work: (conn: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  /** The API pool's connections (metrics); none for PGlite, which has one in-process connection. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
};

/** Embedded PGlite, run in a thread of its own (pglite-client.ts) so that its work does not stall MQTT and HTTP. */
class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;

  poolStats() {
    return null;
  }

  constructor(private readonly client: PgliteClient) {}

  readonly copyIn: CopyIn = async (table, columns, chunks, pace) => {
    const parts: Uint8Array[] = [];
    for (const chunk of chunks) {
      parts.push(chunk);
      await pace();
    }
    const buffer = new ArrayBuffer(parts.reduce((n, p) => n + p.length, 0));
    const data = new Uint8Array(buffer);
    let at = 0;
    for (const p of parts) {
      data.set(p, at);
      at += p.length;
    }
    const sql = `copy ${table} (${columns.join(', ')}) from '/dev/blob' with (format binary)`;
    await this.client.send({ op: 'copy', sql, data }, [buffer]);
  };

  query<T extends Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.client.query<T>(sql, params);
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const { tx } = (await this.client.send({ op: 'begin' })) as { tx: number };
    let result: T;
    try {
      result = await work({
        query: <R extends Row>(sql: string, params: unknown[] = []) => this.client.query<R>(sql, params, tx),
      });
    } catch (error) {
      await this.client.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.client.send({ op: 'end', tx, commit: true });
    return result;
  }

  withConnection<T>(work: (conn: Queryable) => Promise<T>): Promise<T> {
    return work(this);
  }

  async exec(sql: string): Promise<void> {
    await this.client.send({ op: 'exec', sql });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;

  poolStats() {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  /**
   * @param pool API queries, command writes, latest state.
   * @param bulkPool one connection for COPY (telemetry), so that a long COPY never holds back
   *   the pool above and one COPY at a time keeps PostgreSQL's share of the CPU bounded.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly bulkPool: pg.Pool,
  ) {}

  readonly copyIn: CopyIn = async (table, columns, chunks, pace) => {
    const client = await this.bulkPool.connect();
    let failed: Error | undefined;
    try {
      const stream = client.query(
        copyFrom(`copy ${table} (${columns.join(', ')}) from stdin with (format binary)`),
      );
      await pipeline(async function* () {
        for (const chunk of chunks) {
          yield chunk;
          await pace();
        }
      }, stream);
    } catch (error) {
      failed = error as Error;
      throw error;
    } finally {
      // After a failed COPY the connection's state is unknown: discarded, the next one is fresh.
      client.release(failed);
    }
  };

  async query<T extends Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    const res = await this.pool.query(sql, params);
    return res.rows as T[];
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A connection whose ROLLBACK failed is in an unknown state: destroyed, not reused.
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work({
        query: async <R extends Row>(sql: string, params: unknown[] = []) =>
          (await client.query(sql, params)).rows as R[],
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async withConnection<T>(work: (conn: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await work({
        query: async <R extends Row>(sql: string, params: unknown[] = []) =>
          (await client.query(sql, params)).rows as R[],
      });
    } finally {
      client.release();
    }
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.bulkPool.end()]);
  }
}

// Return BIGINT (count(*), sums) as numbers and timestamps as Date on both drivers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** The data directory a fresh PGlite one starts as (tests); the build's by default (pglite-template.ts). */
  pgliteTemplate?: string;
  /** PGlite's `shared_buffers` (`ICS_PGLITE_SHARED_BUFFERS`; pglite-options.ts by default). */
  pgliteSharedBuffers?: string | undefined;
};

/** Opens PostgreSQL at `databaseUrl`, else an embedded PGlite in `dataDir/pg` (in memory without either). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Connected on first use; kept open while idle (telemetry arrives every few hundred ms).
    const bulkPool = new pg.Pool({ connectionString: options.databaseUrl, max: 1, idleTimeoutMillis: 0 });
    // A connection that the server ends (restart, failover, a dropped test database) must not
    // crash the process, idle or in use (a transaction, a COPY, a leader's lock): what ran on it
    // fails, the pool discards it, and the next query reconnects. The pool reports an idle one
    // again on its own 'error', which would throw without a listener.
    for (const p of [pool, bulkPool]) {
      p.on('connect', (client) =>
        client.on('error', (error) => {
          process.emitWarning(`PostgreSQL connection closed: ${error.message}`);
        }),
      );
      p.on('error', () => undefined);
    }
    await pool.query('select 1');
    return new PostgresDatabase(pool, bulkPool);
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'pg');
    fs.mkdirSync(dir, { recursive: true });
  }
  const fresh = dir !== undefined && !fs.existsSync(path.join(dir, 'PG_VERSION'));
  // A fresh directory starts as a copy of the build's template when there is one, made by the
  // database's thread (pglite-template.ts).
  const template = options.pgliteTemplate ?? builtTemplateDir;
  const fromTemplate = fresh && templateApplies(template, dir!);
  let client = new PgliteClient(dir, fromTemplate ? template : undefined, options.pgliteSharedBuffers);
  await client.ready;
  if (fresh && !fromTemplate) {
    // No template (run from sources): creating a data directory (initdb) grows the database
    // thread's WebAssembly memory to several hundred MB, which it never gives back; a new thread
    // on the created directory starts small again.
    await client.close();
    client = new PgliteClient(dir, undefined, options.pgliteSharedBuffers);
    await client.ready;
  }
  return new PgliteDatabase(client);
}
