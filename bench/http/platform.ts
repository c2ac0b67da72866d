import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Benchmark, type Figure, skipped } from '../lib/benchmark';
import { baseline, describeLoad } from './baseline';
import { backendPids, freshPostgres, SEEDED_USERS, seedUsers } from './database';
import { load } from './load';
import { API, call, startServer } from './server';

const ADMIN_PASSWORD = 'Bench-Admin-123!';
const CONNECTIONS = 50;
/** Authenticated endpoints must keep this share of the bare-Fastify baseline … */
export const MIN_RATIO = 0.4;
/** … with this p99 (ms) at 50 connections. */
export const MAX_P99_MS = 50;

/**
 * What Chromium sends with every request: the console always asks for compressed answers, so
 * the endpoints are measured as it calls them.
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The list endpoint to measure: the first that answers 200, in order of preference. */
const LIST_CANDIDATES = [
  '/sys/user/list?pageNo=1&pageSize=10',
  '/sys/annountCement/listByUser',
  '/sys/user/getCurrentUserDeparts',
];

type Variant = 'pglite' | 'postgres';

/**
 * The platform foundation on one database: sign-in throughput, then the permission tree and a
 * list endpoint with a valid token, each against the baseline of the same run.
 */
export function platformBenchmark(variant: Variant): Benchmark {
  return {
    name: `platform [${variant}]`,
    async run() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ics-bench-${variant}-`));
      let databaseUrl: string | undefined;
      let drop: (() => Promise<void>) | undefined;
      try {
        if (variant === 'postgres') {
          const pg = await freshPostgres();
          if (pg.url === null) return [skipped(`PostgreSQL variant`, '', `skipped: ${pg.reason}`)];
          databaseUrl = pg.url;
          drop = pg.drop;
        }
        // First start migrates and creates admin; the users are seeded with the server stopped
        // (PGlite has one owner), then it starts again as after any restart.
        const first = await startServer({ dataDir, adminPassword: ADMIN_PASSWORD, databaseUrl });
        await first.stop();
        const users = await seedUsers({ dataDir, databaseUrl });
        const server = await startServer({ dataDir, adminPassword: ADMIN_PASSWORD, databaseUrl });
        try {
          return await measure(server.api, server.pid, variant, users, databaseUrl);
        } finally {
          await server.stop();
        }
      } finally {
        await drop?.().catch((error: Error) =>
          console.error(`could not drop the database: ${error.message}`),
        );
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

async function measure(
  api: string,
  pid: number,
  variant: Variant,
  users: number,
  databaseUrl: string | undefined,
): Promise<Figure[]> {
  const base = await baseline();
  // PostgreSQL: the backends of this run's database, not every PostgreSQL process of a server
  // shared with other work (whose connections ending during a measurement made it negative).
  const underTest = {
    pids: [pid],
    connections: CONNECTIONS,
    ...(databaseUrl ? { pidsAfterWarmup: () => backendPids(databaseUrl) } : {}),
  };
  const tag = `[${variant}]`;
  const credentials = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
  const login = async () => {
    const res = await call(api, 'POST', '/sys/login', { body: JSON.parse(credentials) });
    if (res.status !== 200) throw new Error(`login failed (${res.status}): ${res.body.message}`);
    return (res.body.result as { token: string }).token;
  };
  await login();

  const figures: Figure[] = [];
  // Successful sign-ins clear the account's failure count, so the lockout never triggers here.
  const signIn = await load({
    url: `${api}/sys/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: credentials,
    ...underTest,
  });
  figures.push({
    name: `POST ${API}/sys/login ${tag}`,
    value: signIn.rps,
    unit: 'req/s',
    detail: `${describeLoad(signIn, base)} (argon2id verify per request)`,
  });

  const token = await login();
  const list = await pickListEndpoint(api, token);
  const endpoints = [
    { route: '/sys/permission/getUserPermissionByToken', note: '' },
    {
      route: list.route,
      note: list.route.startsWith('/sys/user/list')
        ? `${list.total ?? '?'} users (${SEEDED_USERS} seeded, ${users} in table)`
        : `fallback: ${LIST_CANDIDATES[0]} answered ${list.firstStatus}`,
    },
  ];
  for (const { route, note } of endpoints) {
    const r = await load({
      url: `${api}${route}`,
      headers: { 'x-access-token': token, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      ...underTest,
    });
    const pass = r.failures === 0 && r.rps / base.rps >= MIN_RATIO && r.p99 < MAX_P99_MS;
    figures.push({
      name: `GET ${API}${route} ${tag}`,
      value: r.rps,
      unit: 'req/s',
      detail: [describeLoad(r, base), note].filter(Boolean).join('; '),
      target: `≥ ${MIN_RATIO * 100} % of baseline, p99 < ${MAX_P99_MS} ms`,
      pass,
    });
  }
  if (list.route.startsWith('/sys/user/list'))
    figures.push(await uncachedList(api, list.route, token, underTest, base, tag));
  figures.push(await uncompressedPermissions(api, token, underTest, base, tag));
  return figures;
}

/**
 * The user list when its answer cache never helps: every request carries a filter value of its
 * own (`realname=!<n>`, which every user matches), so each one is a cache miss that runs the
 * queries. What a console sees after each write, and the cost the cache hides; no target.
 */
async function uncachedList(
  api: string,
  route: string,
  token: string,
  underTest: Omit<Parameters<typeof load>[0], 'url'>,
  base: Awaited<ReturnType<typeof baseline>>,
  tag: string,
): Promise<Figure> {
  let n = 0;
  const path = `${API}${route}`;
  const r = await load({
    url: `${api}${route}`,
    headers: { 'x-access-token': token, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    ...underTest,
    requests: [{ setupRequest: (request) => ({ ...request, path: `${path}&realname=!nobody${n++}` }) }],
  });
  return {
    name: `GET ${API}${route} uncached ${tag}`,
    value: r.rps,
    unit: 'req/s',
    detail: `${describeLoad(r, base)}; a distinct query per request (every one a cache miss)`,
  };
}

/**
 * The permission tree asked for without `Accept-Encoding` (a script, not the console): the
 * same server work, but the whole JSON on the wire for the load generator to read on the same
 * two cores. No target; it shows what the compression is worth.
 */
async function uncompressedPermissions(
  api: string,
  token: string,
  underTest: Omit<Parameters<typeof load>[0], 'url'>,
  base: Awaited<ReturnType<typeof baseline>>,
  tag: string,
): Promise<Figure> {
  const route = '/sys/permission/getUserPermissionByToken';
  const r = await load({ url: `${api}${route}`, headers: { 'x-access-token': token }, ...underTest });
  return {
    name: `GET ${API}${route} uncompressed ${tag}`,
    value: r.rps,
    unit: 'req/s',
    detail: `${describeLoad(r, base)}; no Accept-Encoding`,
  };
}

async function pickListEndpoint(api: string, token: string) {
  let firstStatus: number | undefined;
  for (const route of LIST_CANDIDATES) {
    const res = await call(api, 'GET', route, { token });
    firstStatus ??= res.status;
    if (res.status === 200) {
      const total = (res.body.result as { total?: number } | null)?.total;
      return { route, firstStatus, total };
    }
  }
  throw new Error(`none of the list endpoints answered 200: ${LIST_CANDIDATES.join(', ')}`);
}
