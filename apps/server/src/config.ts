import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Thrown for an invalid setting; `main.ts` prints its message as one line and exits. */
export class ConfigError extends Error {}

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number 0-65535' })
    .int('must be a whole number')
    .min(0, 'must be 0-65535')
    .max(65535, 'must be 0-65535')
    .default(fallback);

const envSchema = z.object({
  PORT: port(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ICS_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ICS_BASE_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+$/, 'must look like /ics (a slash and letters, digits, - or _)')
    .default('/ics'),
  ICS_TOKEN_TTL_HOURS: z.coerce
    .number({ error: 'must be a positive number of hours' })
    .positive('must be a positive number of hours')
    .default(24 * 7),
  ICS_SESSION_IDLE_MINUTES: z.coerce
    .number({ error: 'must be a positive number of minutes' })
    .positive('must be a positive number of minutes')
    .default(120),
  ICS_CAS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://cas.example.org/cas' })
    .optional(),
  ICS_WEB_DIR: z.string().optional(),
  ICS_CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
      'must be origins such as https://console.example.com, separated by commas',
    )
    .default([]),
  ICS_TRUST_PROXY: z
    .string()
    .regex(
      /^(0|1|\d+ hops?|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'must be 0, 1, "<n> hops" or a list of proxy addresses (10.0.0.1,192.168.0.0/16)',
    )
    .default('0'),
  ICS_DEMO: z.enum(['0', '1']).default('1'),
  ICS_PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'must be a size such as 16MB or 128MB')
    .default('16MB'),
  ICS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ICS_ACCESS_LOG: z.enum(['off', 'debug', 'info']).default('info'),
  ICS_METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  ICS_ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1, 'must be a fraction 0-1').default(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  MQTT_PORT: port(1884),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\//, 'must start with mqtt://, mqtts://, ws:// or wss://')
    .optional(),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits, _ . : or -')
    .optional(),
  MQTT_DYNSEC_USER: z.string().min(1).optional(),
  MQTT_DYNSEC_PASSWORD: z.string().min(1).optional(),
  EMQX_HOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ICS_NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,60}$/, 'must be 1-60 letters, digits, _ . : or -')
    .optional(),
  ICS_NODE_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be 1-600 seconds')
    .max(600, 'must be 1-600 seconds')
    .default(15),
  ICS_DEVICE_OFFLINE_SECONDS: z.coerce.number().int().min(2, 'must be at least 2 seconds').default(90),
  ICS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100, 'must be at least 100 ms').default(10_000),
  ICS_COMMAND_RETRIES: z.coerce.number().int().min(0).max(10, 'must be 0-10').default(2),
  ICS_TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650, 'must be 1-3650 days').default(90),
  ICS_DEVICE_STATE_WRITE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be 100-3600000 ms')
    .max(3_600_000, 'must be 100-3600000 ms')
    .default(5_000),
  ICS_DEVICE_STATS_FILE: z.string().optional(),
  ICS_SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1_000, 'must be 1000-600000 ms')
    .max(600_000, 'must be 1000-600000 ms')
    .default(60_000),
  ICS_TEST_CLOCK_FILE: z.string().min(1).optional(),
  NODE_ENV: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database's `shared_buffers` (unused with DATABASE_URL). */
  pgliteSharedBuffers: string;
  adminPassword: string | undefined;
  basePath: string;
  tokenTtlMs: number;
  sessionIdleMs: number;
  casUrl: string | undefined;
  webDir: string | undefined;
  /** Origins of consoles served from another host that may call the API (CORS); none by default. */
  corsOrigins: string[];
  /**
   * Which X-Forwarded-For hops to believe (Fastify's `trustProxy`): false when clients connect
   * directly — otherwise anyone could pick their address and dodge the per-address sign-in
   * limits; true, a hop count or proxy addresses behind a reverse proxy.
   */
  trustProxy: boolean | number | string;
  demo: boolean;
  logLevel: string;
  /** The level of the access log's line per request, or off (failed requests are logged at warn or error anyway). */
  accessLog: 'off' | 'debug' | 'info';
  /** The fraction of successful requests the access log keeps (failed ones are always kept). */
  accessLogSample: number;
  /** The bearer token a Prometheus scraper sends to `/metrics`; metrics are off without it. */
  metricsToken: string | undefined;
  mqttPort: number;
  mqttUrl: string | undefined;
  /**
   * This API node's name among several, stable across restarts (`ICS_NODE_ID`, by default the
   * host name): its lease in the database and the commands it sends carry it.
   */
  nodeId: string;
  /**
   * How long a node's lease lasts without a heartbeat: once it has lapsed, another node takes
   * over the retries and timeouts of the commands it left pending.
   */
  nodeLeaseSeconds: number;
  /**
   * This node's client id on the external broker, stable across restarts (its session keeps
   * what was not yet acknowledged while the node is away): `ics-<node id>` by default.
   */
  mqttClientId: string;
  /**
   * The administrator of Mosquitto's dynamic-security plugin on the external broker: with it the
   * platform keeps the broker's accounts equal to the gateways' credentials (and gives its own
   * `MQTT_URL` user the platform's role). Off when absent.
   */
  mqttDynsec: { username: string; password: string } | undefined;
  /**
   * The shared secret EMQX sends (`Authorization: Bearer ...`) to the platform's HTTP
   * authentication and authorisation hooks; the hooks answer 404 without it.
   */
  emqxHookSecret: string | undefined;
  /** Redis for realtime fan-out between API nodes; in-process when absent. */
  redisUrl: string | undefined;
  deviceOfflineSeconds: number;
  commandTimeoutMs: number;
  commandRetries: number;
  telemetryRetentionDays: number;
  /** Latest-state rows of devices are rewritten at most this often unless on/level/online/faults changed. */
  deviceStateWriteMs: number;
  /** Diagnostics: the device ingestion counters are written to this file (JSON) when the server stops. */
  deviceStatsFile: string | undefined;
  /**
   * How long a SIGTERM/SIGINT shutdown may take (writing buffered telemetry, closing the
   * database) before the process exits anyway.
   */
  shutdownGraceMs: number;
  /**
   * Test only: a file holding a millisecond offset added to the lighting scheduler's clock
   * (browser tests jump past a strategy's action). Refused when NODE_ENV=production.
   */
  testClockFile: string | undefined;
};

function toTrustProxy(value: string): boolean | number | string {
  if (value === '0') return false;
  if (value === '1') return true;
  const hops = /^(\d+) hops?$/.exec(value);
  return hops ? Number(hops[1]) : value.replace(/\s+/g, '');
}

/** Variables whose value must not be echoed (logs and terminals are not secret). */
const SECRET = new Set([
  'ICS_ADMIN_PASSWORD',
  'ICS_METRICS_TOKEN',
  'MQTT_DYNSEC_PASSWORD',
  'EMQX_HOOK_SECRET',
]);

/** `=<value>` for the error line, with secrets left out and URL passwords masked. */
function shown(name: string, value: string): string {
  if (SECRET.has(name)) return '';
  return `=${JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@'))}`;
}

/** Reads and validates the environment; the first problem becomes one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}${shown(name, env[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.MQTT_DYNSEC_USER === undefined) !== (e.MQTT_DYNSEC_PASSWORD === undefined))
    throw new ConfigError('Invalid MQTT_DYNSEC_USER: set MQTT_DYNSEC_USER and MQTT_DYNSEC_PASSWORD together');
  if (e.MQTT_DYNSEC_USER && !e.MQTT_URL)
    throw new ConfigError(
      'Invalid MQTT_DYNSEC_USER: the dynamic-security plugin needs an external broker (MQTT_URL)',
    );
  if (e.EMQX_HOOK_SECRET && !e.MQTT_URL)
    throw new ConfigError(
      'Invalid EMQX_HOOK_SECRET: the EMQX hooks serve an external broker (MQTT_URL); the embedded one checks credentials itself',
    );
  const nodeId =
    e.ICS_NODE_ID ??
    os
      .hostname()
      .replace(/[^A-Za-z0-9_.:-]/g, '-')
      .slice(0, 60);
  if (e.ICS_TEST_CLOCK_FILE && e.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid ICS_TEST_CLOCK_FILE: a test clock is refused when NODE_ENV=production (unset it)',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.ICS_PGLITE_SHARED_BUFFERS,
    adminPassword: e.ICS_ADMIN_PASSWORD,
    basePath: e.ICS_BASE_PATH,
    tokenTtlMs: e.ICS_TOKEN_TTL_HOURS * 3_600_000,
    sessionIdleMs: e.ICS_SESSION_IDLE_MINUTES * 60_000,
    casUrl: e.ICS_CAS_URL,
    webDir: e.ICS_WEB_DIR,
    corsOrigins: e.ICS_CORS_ORIGINS,
    trustProxy: toTrustProxy(e.ICS_TRUST_PROXY),
    demo: e.ICS_DEMO === '1',
    logLevel: e.ICS_LOG_LEVEL,
    accessLog: e.ICS_ACCESS_LOG,
    accessLogSample: e.ICS_ACCESS_LOG_SAMPLE,
    metricsToken: e.ICS_METRICS_TOKEN,
    mqttPort: e.MQTT_PORT,
    mqttUrl: e.MQTT_URL,
    nodeId,
    nodeLeaseSeconds: e.ICS_NODE_LEASE_SECONDS,
    mqttClientId: e.MQTT_CLIENT_ID ?? `ics-${nodeId}`,
    mqttDynsec:
      e.MQTT_DYNSEC_USER && e.MQTT_DYNSEC_PASSWORD
        ? { username: e.MQTT_DYNSEC_USER, password: e.MQTT_DYNSEC_PASSWORD }
        : undefined,
    emqxHookSecret: e.EMQX_HOOK_SECRET,
    redisUrl: e.REDIS_URL,
    deviceOfflineSeconds: e.ICS_DEVICE_OFFLINE_SECONDS,
    commandTimeoutMs: e.ICS_COMMAND_TIMEOUT_MS,
    commandRetries: e.ICS_COMMAND_RETRIES,
    telemetryRetentionDays: e.ICS_TELEMETRY_RETENTION_DAYS,
    deviceStateWriteMs: e.ICS_DEVICE_STATE_WRITE_MS,
    deviceStatsFile:
      e.ICS_DEVICE_STATS_FILE === undefined ? undefined : path.resolve(e.ICS_DEVICE_STATS_FILE),
    shutdownGraceMs: e.ICS_SHUTDOWN_GRACE_MS,
    testClockFile: e.ICS_TEST_CLOCK_FILE === undefined ? undefined : path.resolve(e.ICS_TEST_CLOCK_FILE),
  };
}
