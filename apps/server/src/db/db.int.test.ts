import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbVariants } from '../../test/harness';
import { verifyPassword } from '../lib/password';
import { seedAdmin } from '../modules/user';
import { type Database, openDatabase } from './database';
import { listMigrations, migrate, migrationsApplied, splitStatements } from './migrate';
import { copyTemplate } from './pglite-template';
import { createPgliteTemplate } from './pglite-template-build';

describe('splitStatements', () => {
  it('splits on semicolons outside quotes, comments and dollar-quoted bodies', () => {
    const sql = `create table a (x text default 'a;b'); -- a comment; with a semicolon
insert into a values ('it''s; fine');
create function f() returns int as $$ select 1; $$ language sql;
do $body$ begin perform 1; end $body$;`;
    expect(splitStatements(sql)).toEqual([
      "create table a (x text default 'a;b')",
      "insert into a values ('it''s; fine')",
      'create function f() returns int as $$ select 1; $$ language sql',
      'do $body$ begin perform 1; end $body$',
    ]);
  });

  it('lists the migration files in version order', () => {
    const versions = listMigrations().map((m) => m.version);
    expect(versions.slice(0, 2)).toEqual([1, 2]);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect(new Set(versions).size).toBe(versions.length);
  });
});

for (const variant of dbVariants()) {
  describe(`migrations and seed [${variant.name}]`, () => {
    let handle: Awaited<ReturnType<typeof variant.open>>;
    let db: Database;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ics-migrations-'));
    beforeAll(async () => {
      handle = await variant.open();
      db = handle.db;
    });
    afterAll(async () => {
      await handle?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('applies every migration once and nothing on a second run', async () => {
      const first = await migrate(db);
      expect(first).toEqual(listMigrations().map((m) => m.name));
      expect(await migrate(db)).toEqual([]);
      const rows = await db.query<{ n: number }>('select count(*) as n from schema_migrations');
      expect(rows[0]!.n).toBe(first.length);
    });

    it('rolls a failing migration back whole and names it', async () => {
      fs.writeFileSync(path.join(dir, '0001_ok.sql'), 'create table mig_ok (id int);');
      fs.writeFileSync(
        path.join(dir, '0002_bad.sql'),
        'create table mig_bad (id int);\ninsert into no_such_table values (1);',
      );
      const other = await variant.open();
      try {
        await expect(migrate(other.db, dir)).rejects.toThrow(/^migration 0002_bad failed: .*no_such_table/);
        const tables = await other.db.query<{ name: string }>(
          `select table_name as name from information_schema.tables where table_name in ('mig_ok', 'mig_bad')`,
        );
        expect(tables.map((t) => t.name)).toEqual(['mig_ok']);
        // The lock was released: migrating again works (and fails the same way, nothing half-done).
        await expect(migrate(other.db, dir)).rejects.toThrow(/0002_bad/);
      } finally {
        await other.drop();
      }
    });

    it('creates the admin once; a later start keeps its password', async () => {
      const first = await seedAdmin(db, undefined);
      expect(first.adminCreated).toBe(true);
      expect(first.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      const again = await seedAdmin(db, 'another-password');
      expect(again).toEqual({ adminCreated: false });
      const [row] = await db.query<{ password_hash: string }>(
        `select password_hash from sys_user where username = 'admin'`,
      );
      expect(await verifyPassword(row!.password_hash, first.generatedPassword!)).toBe(true);
      const roles = await db.query(`select role_id from sys_user_role where user_id = 'user-admin'`);
      expect(roles).toEqual([{ role_id: 'role-admin' }]);
    });

    it('commits or rolls back transactions whole, and keeps the database error fields', async () => {
      await db.exec('create table tx_probe (id int primary key, note text)');
      await db.transaction(async (tx) => {
        await tx.query(`insert into tx_probe values (1, 'a')`);
        await tx.query(`insert into tx_probe values (2, 'b')`);
      });
      const failed = db.transaction(async (tx) => {
        await tx.query(`insert into tx_probe values (3, 'c')`);
        await tx.query(`insert into tx_probe values (1, 'duplicate')`);
      });
      await expect(failed).rejects.toMatchObject({ code: '23505', constraint: 'tx_probe_pkey' });
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`insert into tx_probe values (4, 'd')`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // A statement outside a transaction sees its rows only once it has committed.
      let seenInside: number | undefined;
      const open = db.transaction(async (tx) => {
        await tx.query(`insert into tx_probe values (5, 'e')`);
        seenInside = (await tx.query<{ n: number }>('select count(*)::int as n from tx_probe'))[0]!.n;
        await new Promise((r) => setTimeout(r, 50));
      });
      const outside = db.query<{ n: number }>('select count(*)::int as n from tx_probe');
      await open;
      expect(seenInside).toBe(3);
      expect((await outside)[0]!.n).toBe(variant.name === 'pglite' ? 3 : 2);
      expect(await db.query('select id from tx_probe order by id')).toEqual([
        { id: 1 },
        { id: 2 },
        { id: 5 },
      ]);
      await db.exec('drop table tx_probe');
    });

    if (variant.name === 'postgres') {
      it('lets two nodes migrate the same database at once', async () => {
        const a = await variant.open();
        const b = await openDatabase({ databaseUrl: a.url });
        try {
          const started = Date.now();
          const [ra, rb] = await Promise.all([migrate(a.db), migrate(b)]);
          expect([...ra, ...rb].sort()).toEqual(listMigrations().map((m) => m.name));
          // Neither waited for an orphaned lock to time out.
          expect(Date.now() - started).toBeLessThan(8_000);
          const again = await Promise.all([migrate(a.db), migrate(b)]);
          expect(again).toEqual([[], []]);
        } finally {
          await b.close();
          await a.drop();
        }
      });
    }
  });
}

describe('a fresh PGlite data directory from the build template', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ics-template-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts migrated from a copy, keeps what is written, and leaves the template as it was', async () => {
    const template = tmp();
    await createPgliteTemplate(template);
    const dataDir = tmp();
    const db = await openDatabase({ dataDir, pgliteTemplate: template });
    try {
      expect(await migrationsApplied(db)).toBe(true);
      expect(await migrate(db)).toEqual([]);
      // The embedded database's buffers are set on every start (pglite-options.ts).
      expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      await db.exec(`create table tpl_probe (id int); insert into tpl_probe values (1);`);
    } finally {
      await db.close();
    }
    // A node that ingests more may give it more (ICS_PGLITE_SHARED_BUFFERS), on a restart too.
    const again = await openDatabase({ dataDir, pgliteTemplate: template, pgliteSharedBuffers: '32MB' });
    try {
      expect(await again.query('select id from tpl_probe')).toEqual([{ id: 1 }]);
      expect(await again.query('show shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
    } finally {
      await again.close();
    }
    const other = await openDatabase({ dataDir: tmp(), pgliteTemplate: template });
    try {
      expect(await other.query(`select to_regclass('tpl_probe') as t`)).toEqual([{ t: null }]);
    } finally {
      await other.close();
    }
    // initdb and every migration for the template, then four starts: a minute on a busy machine.
  }, 120_000);

  it('copies into an empty directory only, whole', () => {
    const template = tmp();
    fs.writeFileSync(path.join(template, 'PG_VERSION'), '17\n');
    const leftOver = tmp();
    fs.writeFileSync(path.join(leftOver, 'postmaster.pid'), '');
    expect(copyTemplate(template, leftOver)).toBe(false);
    expect(fs.readdirSync(leftOver)).toEqual(['postmaster.pid']);
    expect(copyTemplate(tmp(), tmp())).toBe(false);
    const empty = tmp();
    expect(copyTemplate(template, empty)).toBe(true);
    expect(fs.readdirSync(empty)).toEqual(['PG_VERSION']);
    expect(
      fs.readdirSync(path.dirname(empty)).filter((f) => f.startsWith(`${path.basename(empty)}.`)),
    ).toEqual([]);
  });
});
