import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuProfileArgs, spawnTracked } from '../lib/children';
import { freePort, waitUntilReady } from './load';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const API = '/ics';

export type ServerOptions = {
  dataDir: string;
  adminPassword: string;
  /** PostgreSQL database of this run; PGlite in `dataDir` when absent. */
  databaseUrl?: string | undefined;
  /** Settings applied over the defaults below (e.g. `MQTT_PORT`). */
  env?: Record<string, string>;
  /** The route polled until it answers 200 (default `/sys/platform/public`). */
  readyPath?: string;
};

export type RunningServer = {
  /** `http://127.0.0.1:<port>/ics` */
  api: string;
  /** Milliseconds from spawn to the first 200 of the readiness probe. */
  readyMs: number;
  pid: number;
  /** SIGTERM, then SIGKILL after `graceMs` (default 10 s). */
  stop(graceMs?: number): Promise<void>;
  /** The exit code once exited (-1 for a signal), else null. */
  exitCode(): number | null;
  /** The server's last output lines (for error reports). */
  output(): string;
};

/**
 * Starts the product exactly as in production (`node scripts/start.mjs`, one process) on a
 * free port, and waits until GET /ics/sys/platform/public (or `readyPath`) answers.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {};
  // Settings of the caller's shell must not leak into the measured configuration.
  for (const [key, value] of Object.entries(process.env))
    if (!/^(ICS_|MQTT_|DATABASE_URL$|DATA_DIR$|PORT$|HOST$)/.test(key)) env[key] = value;
  Object.assign(env, {
    ICS_SKIP_BUILD: '1',
    ICS_DEMO: '0',
    MQTT_PORT: '0',
    DATA_DIR: options.dataDir,
    ICS_ADMIN_PASSWORD: options.adminPassword,
    PORT: String(port),
    ICS_LOG_LEVEL: 'warn',
  });
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);

  // V8 flags for the server alone (experiments; NODE_OPTIONS admits only some, and reaches the bench too).
  const nodeFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawnTracked(process.execPath, [...cpuProfileArgs(), ...nodeFlags, 'scripts/start.mjs'], {
    cwd: root,
    env,
  });
  const api = `http://127.0.0.1:${port}${API}`;
  let readyMs: number;
  try {
    readyMs = await waitUntilReady(
      `${api}${options.readyPath ?? '/sys/platform/public'}`,
      child.exited,
      90_000,
    );
  } catch (error) {
    await child.stop(2_000);
    throw new Error(`the server did not start: ${(error as Error).message}\n${child.output()}`);
  }
  return {
    api,
    readyMs,
    pid: child.child.pid ?? 0,
    stop: (graceMs?: number) => child.stop(graceMs),
    exitCode: () => child.child.exitCode ?? (child.child.signalCode ? -1 : null),
    output: child.output,
  };
}

type Envelope = { success: boolean; message: string; result: unknown };

/** One request with the API's envelope; throws with the server's message on a non-2xx answer. */
export async function call(
  api: string,
  method: 'GET' | 'POST',
  route: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Envelope }> {
  const headers: Record<string, string> = {};
  if (options.token) headers['x-access-token'] = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api}${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: Envelope;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = { success: false, message: text.slice(0, 200), result: null };
  }
  return { status: res.status, body };
}
