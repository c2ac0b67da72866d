import path from 'node:path';
import { z } from 'zod';

/** Thrown for an invalid setting; `main.ts` prints its message as one line and exits. */
export class ConfigError extends Error {}

const port = (fallback: number) =>
  z.coerce
    .number()
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
    .number()
    .positive('must be a positive number of hours')
    .default(24 * 7),
  ICS_SESSION_IDLE_MINUTES: z.coerce.number().positive('must be a positive number of minutes').default(120),
  ICS_CAS_URL: z.string().url('must be a URL such as https://cas.example.org/cas').optional(),
  ICS_WEB_DIR: z.string().optional(),
  ICS_DEMO: z.enum(['0', '1']).default('1'),
  ICS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MQTT_PORT: port(1884),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\//, 'must start with mqtt://, mqtts://, ws:// or wss://')
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  basePath: string;
  tokenTtlMs: number;
  sessionIdleMs: number;
  casUrl: string | undefined;
  webDir: string | undefined;
  demo: boolean;
  logLevel: string;
  mqttPort: number;
  mqttUrl: string | undefined;
};

/** Reads and validates the environment; the first problem becomes one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ICS_ADMIN_PASSWORD,
    basePath: e.ICS_BASE_PATH,
    tokenTtlMs: e.ICS_TOKEN_TTL_HOURS * 3_600_000,
    sessionIdleMs: e.ICS_SESSION_IDLE_MINUTES * 60_000,
    casUrl: e.ICS_CAS_URL,
    webDir: e.ICS_WEB_DIR,
    demo: e.ICS_DEMO === '1',
    logLevel: e.ICS_LOG_LEVEL,
    mqttPort: e.MQTT_PORT,
    mqttUrl: e.MQTT_URL,
  };
}
