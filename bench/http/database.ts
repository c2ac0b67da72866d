import { randomBytes } from 'node:crypto';
// The server's own driver setup, so seeding PGlite uses the same on-disk layout the server opens.
import { openDatabase } from '@ics/server/tools';
import pg from 'pg';

/** Admin connection used to create and drop the run's database. */
export const adminDatabaseUrl = () => process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

/** A fresh database on the PostgreSQL server, or null (with the reason) when no server answers. */
export async function freshPostgres(): Promise<
  { url: string; drop(): Promise<void> } | { url: null; reason: string }
> {
  const adminUrl = adminDatabaseUrl();
  const name = `ics_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    return { url: null, reason: `no PostgreSQL at ${redact(adminUrl)}: ${(error as Error).message}` };
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Process ids of the PostgreSQL backends connected to `databaseUrl`'s database (this query's own left out). */
export async function backendPids(databaseUrl: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3_000 });
  await c.connect();
  try {
    const res = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return res.rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@');

export const SEEDED_USERS = 1_000;

/**
 * Adds SEEDED_USERS users (each in the root department with the viewer role) straight in the
 * database the server has migrated, so list endpoints page through a realistic table. The
 * server must be stopped when this is PGlite (one process owns its files).
 */
export async function seedUsers(target: { databaseUrl?: string | undefined; dataDir: string }) {
  const db = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into sys_user (id, username, realname, password_hash, phone, email, org_code, create_by)
         select 'bench-user-' || g, 'bench' || lpad(g::text, 4, '0'), '测试用户' || g,
                (select password_hash from sys_user where id = 'user-admin'),
                '139' || lpad(g::text, 8, '0'), 'bench' || g || '@example.org', 'A01', 'bench'
           from generate_series(1, $1::int) g
         on conflict do nothing`,
        [SEEDED_USERS],
      );
      await tx.query(
        `insert into sys_user_depart (user_id, dep_id)
         select 'bench-user-' || g, 'dep-root' from generate_series(1, $1::int) g on conflict do nothing`,
        [SEEDED_USERS],
      );
      await tx.query(
        `insert into sys_user_role (user_id, role_id)
         select 'bench-user-' || g, 'role-viewer' from generate_series(1, $1::int) g on conflict do nothing`,
        [SEEDED_USERS],
      );
    });
    const [row] = await db.query<{ n: number }>('select count(*) as n from sys_user where del_flag = 0');
    return row?.n ?? 0;
  } finally {
    await db.close();
  }
}
