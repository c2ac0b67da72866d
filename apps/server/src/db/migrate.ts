import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Migration files are `NNNN_name.sql`, applied once each in version order. */
export function listMigrations(dir = migrationsDir): { version: number; name: string; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f.replace(/\.sql$/, ''), file: path.join(dir, f) }));
}

/**
 * Applies pending migrations, each in its own transaction. An advisory lock keeps two
 * API nodes starting at once from applying the same migration twice. The lock, the
 * migrations and the unlock all run on one connection: a session-level lock taken on one
 * pooled connection cannot be released from another.
 */
export async function migrate(db: Pick<Database, 'withConnection'>, dir = migrationsDir): Promise<string[]> {
  return db.withConnection(async (conn) => {
    const applied: string[] = [];
    await conn.query('select pg_advisory_lock(4242001)');
    try {
      await conn.query(`create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`);
      const done = new Set(
        (await conn.query<{ version: number }>('select version from schema_migrations')).map(
          (r) => r.version,
        ),
      );
      for (const m of listMigrations(dir)) {
        if (done.has(m.version)) continue;
        const sql = fs.readFileSync(m.file, 'utf8');
        await conn.query('begin');
        try {
          await runScript(conn, sql);
          await conn.query('insert into schema_migrations (version, name) values ($1, $2)', [
            m.version,
            m.name,
          ]);
          await conn.query('commit');
        } catch (error) {
          await conn.query('rollback').catch(() => undefined);
          throw new MigrationError(m.name, error as Error);
        }
        applied.push(m.name);
      }
    } finally {
      await conn.query('select pg_advisory_unlock(4242001)').catch(() => undefined);
    }
    return applied;
  });
}

/** A migration that failed; it was rolled back and the ones before it stay applied. */
/** Whether every migration of this code has been applied to `db` (readiness: another node may be migrating). */
export async function migrationsApplied(db: Database, dir = migrationsDir): Promise<boolean> {
  const latest = Math.max(0, ...listMigrations(dir).map((m) => m.version));
  const [row] = await db.query<{ version: number | null }>(
    'select max(version) as version from schema_migrations',
  );
  return Number(row?.version ?? 0) >= latest;
}

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    cause: Error,
  ) {
    super(`migration ${migration} failed: ${cause.message}`, { cause });
  }
}

/** Splits a migration on statement boundaries, honouring dollar-quoted bodies and quotes. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  let dollarTag: string | null = null;
  let inQuote = false;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (dollarTag) {
      if (sql.startsWith(dollarTag, i)) {
        current += dollarTag;
        i += dollarTag.length;
        dollarTag = null;
        continue;
      }
    } else if (inQuote) {
      if (ch === "'") inQuote = false;
    } else if (ch === "'") {
      inQuote = true;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
      continue;
    } else if (ch === '$') {
      const m = /^\$[A-Za-z_]*\$/.exec(sql.slice(i));
      if (m) {
        dollarTag = m[0];
        current += dollarTag;
        i += dollarTag.length;
        continue;
      }
    } else if (ch === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i++;
      continue;
    }
    current += ch;
    i++;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

async function runScript(tx: { query(sql: string): Promise<unknown> }, sql: string): Promise<void> {
  for (const statement of splitStatements(sql)) await tx.query(statement);
}
