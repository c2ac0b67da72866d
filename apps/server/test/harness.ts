import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type Services } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedAdmin } from '../src/db/seed';
import type { SmsSender } from '../src/modules/session/sms';

export const ADMIN_PASSWORD = 'Admin123!';

export type DbVariant = {
  name: 'pglite' | 'postgres';
  open(): Promise<{ db: Database; drop(): Promise<void> }>;
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

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  services: Services;
  /** The last one-time code "sent" to each phone. */
  smsInbox: Map<string, string>;
  request(options: InjectOptions): Promise<{ status: number; body: Envelope }>;
  login(username?: string, password?: string): Promise<string>;
};

// Tests read into results freely; the shapes are asserted by the tests themselves.
// biome-ignore lint/suspicious/noExplicitAny: test-only envelope
type Envelope = {
  success: boolean;
  message: string;
  code: number;
  result: any;
  timestamp: number;
  errorCode?: string;
};

export async function startTestApp(
  variant: DbVariant,
  env: Record<string, string> = {},
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
  const config = loadConfig({ ICS_DEMO: '0', ICS_LOG_LEVEL: 'silent', ...env });
  const { app, services } = await buildApp({ config, db, smsSender, logger: false });
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
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.body.message}`);
      return res.body.result.token as string;
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
  env?: Record<string, string>,
) {
  for (const variant of dbVariants()) {
    describe(`${name} [${variant.name}]`, () => {
      let current: Awaited<ReturnType<typeof startTestApp>> | undefined;
      beforeAll(async () => {
        current = await startTestApp(variant, env);
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
