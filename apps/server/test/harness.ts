import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp, type Services } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { hashPassword } from '../src/lib/password';
import type { SmsSender } from '../src/modules/session';
import { seedAdmin } from '../src/modules/user';

export const ADMIN_PASSWORD = 'Admin123!';

export type DbVariant = {
  name: 'pglite' | 'postgres';
  /** `url` is the throwaway database's address (PostgreSQL only), for a second connection to it. */
  open(): Promise<{ db: Database; drop(): Promise<void>; url?: string }>;
};

/** A fresh database per suite: in-memory PGlite, and a throwaway database on the PostgreSQL server when available. */
export function dbVariants(): DbVariant[] {
  const variants: DbVariant[] = [
    {
      name: 'pglite',
      async open() {
        const db = await openDatabase({});
        return { db, drop: () => db.close() };
      },
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    variants.push({
      name: 'postgres',
      async open() {
        const name = `ics_test_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const db = await openDatabase({ databaseUrl: url.toString() });
        return {
          db,
          url: url.toString(),
          async drop() {
            await db.close();
            const c = new pg.Client({ connectionString: serverUrl });
            await c.connect();
            await c.query(`drop database if exists ${name} with (force)`);
            await c.end();
          },
        };
      },
    });
  }
  return variants;
}

/**
 * A migrated database of `variant` for the suite being declared (opened before its tests,
 * dropped after them); the answer reads it once the suite has started.
 */
export function migratedDatabase(variant: DbVariant): () => Database {
  let handle: Awaited<ReturnType<DbVariant['open']>> | undefined;
  beforeAll(async () => {
    handle = await variant.open();
    await migrate(handle.db);
  });
  afterAll(async () => {
    await handle?.drop();
  });
  return () => handle!.db;
}

/**
 * One throwaway PostgreSQL database that several API nodes share, each through its own pool
 * as separate processes would: pass `perNode` to `startTestApp` once per node.
 */
export async function sharedPostgres(
  postgres: DbVariant,
): Promise<{ perNode: DbVariant; drop(): Promise<void> }> {
  const shared = await postgres.open();
  const url = shared.url;
  if (!url) throw new Error('sharedPostgres needs the PostgreSQL variant');
  return {
    perNode: {
      name: 'postgres',
      async open() {
        const db = await openDatabase({ databaseUrl: url });
        return { db, drop: () => db.close() };
      },
    },
    drop: shared.drop,
  };
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  services: Services;
  /** The last one-time code "sent" to each phone. */
  smsInbox: Map<string, string>;
  request(options: InjectOptions): Promise<{ status: number; body: Envelope }>;
  /**
   * Signs in from 127.0.0.1. Failed sign-ins count per address too (3 demand a captcha), so a
   * test that fails on purpose should send its attempts with another `remoteAddress`.
   */
  login(username?: string, password?: string): Promise<string>;
  /** Creates a user directly in SQL (status 1 unless given) and returns its id. */
  createUser(user: NewUser): Promise<string>;
  /**
   * Forgets cached sessions, grants, translations, project scopes and user list answers, so
   * changes made in SQL take effect at once (platform settings: change them with
   * `services.platform.service.update`).
   */
  clearCaches(): void;
};

export type NewUser = {
  username: string;
  /** Defaults to ADMIN_PASSWORD. */
  password?: string;
  /** Role ids, e.g. `role-viewer`. */
  roles?: string[];
  /** Department ids, e.g. `dep-ops`. */
  departs?: string[];
  status?: number;
  phone?: string;
};

/** The X-Access-Token header for a token. */
export const auth = (token: string) => ({ 'x-access-token': token });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as `admin` (signed in at the first call), or with another session's `token`. */
export function adminApi(ctx: () => TestApp) {
  let adminToken: string | undefined;
  return async (method: Method, url: string, payload?: unknown, token?: string) => {
    adminToken ??= await ctx().login();
    return ctx().request({
      method,
      url: `/ics${url}`,
      headers: auth(token ?? adminToken),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };
}

/** Sends the same add twice at once: exactly one wins, the other gets 409 and `message`. */
export async function raceAdds(
  api: ReturnType<typeof adminApi>,
  url: string,
  body: Record<string, unknown>,
  message: string,
): Promise<{ id: string }> {
  const results = await Promise.all([api('POST', url, body), api('POST', url, body)]);
  expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  const lost = results.find((r) => r.status === 409)!;
  expect(lost.body).toMatchObject({ success: false, code: 409, message });
  return results.find((r) => r.status === 200)!.body.result as { id: string };
}

/** A PNG data URL (a 180×180 header, no pixels) padded with `extra` bytes, as the console uploads images. */
export function testPng(extra = 0): string {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(180, 8);
  ihdr.writeUInt32BE(180, 12);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return `data:image/png;base64,${Buffer.concat([signature, ihdr, Buffer.alloc(extra)]).toString('base64')}`;
}

export type HarnessOptions = {
  /** Environment for loadConfig; a function is called when the suite starts (e.g. to use a port known only then). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Runs on the built app before it is made ready, e.g. to register a throwaway route. */
  setup?: (app: FastifyInstance, services: Services) => void | Promise<void>;
};

// Tests read into results freely; the shapes are asserted by the tests themselves.
type Envelope = {
  success: boolean;
  message: string;
  code: number;
  // biome-ignore lint/suspicious/noExplicitAny: test-only envelope
  result: any;
  timestamp: number;
  errorCode?: string;
};

export async function startTestApp(
  variant: DbVariant,
  env: Record<string, string> = {},
  setup?: HarnessOptions['setup'],
  /** Receives the app's log lines (at ICS_LOG_LEVEL); without it the app logs nothing. */
  logStream?: { write(line: string): void },
): Promise<TestApp & { close(): Promise<void> }> {
  const { db, drop } = await variant.open();
  await migrate(db);
  await seedAdmin(db, ADMIN_PASSWORD);
  const smsInbox = new Map<string, string>();
  const smsSender: SmsSender = {
    async send(phone, code) {
      smsInbox.set(phone, code);
    },
  };
  // A node id (and so a client id on an external broker) of its own: several test apps share
  // one broker, one database and one host.
  const config = loadConfig({
    ICS_DEMO: '0',
    ICS_LOG_LEVEL: 'silent',
    ICS_NODE_ID: `test-${randomBytes(6).toString('hex')}`,
    ...env,
  });
  const { app, services } = await buildApp(
    logStream ? { config, db, smsSender, logStream } : { config, db, smsSender, logger: false },
  );
  await setup?.(app, services);
  await app.ready();
  const request = async (options: InjectOptions) => {
    const res = await app.inject(options);
    return { status: res.statusCode, body: res.json() as Envelope };
  };
  return {
    app,
    db,
    services,
    smsInbox,
    request,
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await request({ method: 'POST', url: '/ics/sys/login', payload: { username, password } });
      if (res.status !== 200 || !res.body.success)
        throw new Error(`login ${username} failed: ${res.body.message}`);
      return res.body.result.token as string;
    },
    async createUser(user) {
      const passwordHash = await hashPassword(user.password ?? ADMIN_PASSWORD);
      const [row] = await db.query<{ id: string }>(
        `insert into sys_user (username, realname, password_hash, status, phone, create_by)
         values ($1, $1, $2, $3, $4, 'test') returning id`,
        [user.username, passwordHash, user.status ?? 1, user.phone ?? null],
      );
      const id = row!.id;
      for (const role of user.roles ?? [])
        await db.query('insert into sys_user_role (user_id, role_id) values ($1, $2)', [id, role]);
      for (const dep of user.departs ?? [])
        await db.query('insert into sys_user_depart (user_id, dep_id) values ($1, $2)', [id, dep]);
      // Written in SQL, not through a request: cached list answers would not know.
      services.user.listAnswers.clear();
      return id;
    },
    clearCaches() {
      services.session.service.clearCache();
      services.permission.service.invalidate();
      services.user.listAnswers.clear();
      services.i18n.service.invalidate();
      services.project.scope.invalidate();
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** Runs a suite once per database variant, each with its own fresh app. */
export function describeWithApp(
  name: string,
  suite: (ctx: () => TestApp) => void,
  envOrOptions?: Record<string, string> | HarnessOptions,
) {
  const options: HarnessOptions =
    envOrOptions && ('env' in envOrOptions || 'setup' in envOrOptions)
      ? (envOrOptions as HarnessOptions)
      : { env: envOrOptions as Record<string, string> | undefined };
  for (const variant of dbVariants()) {
    describe(`${name} [${variant.name}]`, () => {
      let current: Awaited<ReturnType<typeof startTestApp>> | undefined;
      beforeAll(async () => {
        const env = typeof options.env === 'function' ? options.env() : options.env;
        current = await startTestApp(variant, env, options.setup);
      });
      afterAll(async () => {
        await current?.close();
      });
      suite(() => {
        if (!current) throw new Error('test app not started');
        return current;
      });
    });
  }
}
