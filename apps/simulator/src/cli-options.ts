import { parseArgs } from 'node:util';

/** What `npm run simulate -- …` was asked to do, checked. */
export type CliOptions = {
  url: string;
  api: string;
  user: string;
  password: string;
  project: string | undefined;
  credentials: string | undefined;
  prefix: string;
  gateways: number;
  lampsPerGateway: number;
  sensorsPerGateway: number;
  screensPerGateway: number;
  speakersPerGateway: number;
  camerasPerGateway: number;
  interval: number;
  heartbeat: number;
  faultRate: number;
  offlineRate: number;
  offlineSeconds: number;
};

/** A command line the simulator cannot run; its message names the option and what it accepts. */
export class CliUsageError extends Error {}

type NumberRule = { min: number; max: number; integer?: boolean; fallback: string; what: string };

/** The numeric options: flag → field, accepted range and default. */
const numbers = {
  gateways: {
    field: 'gateways',
    min: 1,
    max: 100_000,
    integer: true,
    fallback: '10',
    what: 'gateways to run',
  },
  'lamps-per-gateway': {
    field: 'lampsPerGateway',
    min: 0,
    max: 10_000,
    integer: true,
    fallback: '50',
    what: 'lamps behind each gateway',
  },
  'sensors-per-gateway': {
    field: 'sensorsPerGateway',
    min: 0,
    max: 1_000,
    integer: true,
    fallback: '1',
    what: 'environment sensors behind each gateway',
  },
  'screens-per-gateway': {
    field: 'screensPerGateway',
    min: 0,
    max: 1_000,
    integer: true,
    fallback: '0',
    what: 'LED screens behind each gateway',
  },
  'speakers-per-gateway': {
    field: 'speakersPerGateway',
    min: 0,
    max: 1_000,
    integer: true,
    fallback: '0',
    what: 'broadcast speakers behind each gateway',
  },
  'cameras-per-gateway': {
    field: 'camerasPerGateway',
    min: 0,
    max: 1_000,
    integer: true,
    fallback: '0',
    what: 'cameras behind each gateway',
  },
  interval: {
    field: 'interval',
    min: 0.1,
    max: 86_400,
    fallback: '10',
    what: 'seconds between telemetry messages',
  },
  heartbeat: { field: 'heartbeat', min: 1, max: 86_400, fallback: '30', what: 'seconds between heartbeats' },
  'fault-rate': {
    field: 'faultRate',
    min: 0,
    max: 1,
    fallback: '0.0005',
    what: 'chance per lamp per telemetry message that a fault is raised or cleared',
  },
  'offline-rate': {
    field: 'offlineRate',
    min: 0,
    max: 1,
    fallback: '0',
    what: 'chance per gateway per telemetry message that it drops off the network',
  },
  'offline-seconds': {
    field: 'offlineSeconds',
    min: 0.1,
    max: 86_400,
    fallback: '60',
    what: 'seconds a dropped gateway stays away before it reconnects',
  },
} as const satisfies Record<string, NumberRule & { field: keyof CliOptions }>;

type NumberFlag = keyof typeof numbers;

const numberFlags = Object.keys(numbers) as NumberFlag[];

/** The usage text `--help` prints, built from the same table the parser checks against. */
export function usage(): string {
  const lines = [
    'Usage: npm run simulate -- [options] (--api URL --project ID --user NAME --password PASS | --credentials FILE)',
    '',
    'Provisions gateways <prefix>0001… through the API (issuing or rotating their credentials), or runs',
    'the gateways listed in FILE ([{"sn": "...", "password": "..."}]), and speaks the device protocol for them.',
    '',
    '  --url mqtt://host:port     broker the gateways connect to (default mqtt://localhost:1884)',
    '  --api URL                  API to provision through (default http://localhost:8080/ics)',
    '  --user NAME, --password P  account that provisions (default admin, $ICS_ADMIN_PASSWORD)',
    '  --project ID               project the provisioned gateways belong to',
    '  --credentials FILE         run these gateways instead of provisioning',
    '  --prefix TEXT              serial number prefix of provisioned gateways (default SIM-GW-)',
  ];
  for (const flag of numberFlags) {
    const rule = numbers[flag];
    lines.push(
      `  --${`${flag} N`.padEnd(25)}${rule.what} (${rule.min}–${rule.max}, default ${rule.fallback})`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function readNumber(flag: NumberFlag, text: string): number {
  const rule: NumberRule = numbers[flag];
  const value = text.trim() === '' ? Number.NaN : Number(text);
  const kind = rule.integer ? 'a whole number' : 'a number';
  if (
    !Number.isFinite(value) ||
    (rule.integer && !Number.isInteger(value)) ||
    value < rule.min ||
    value > rule.max
  )
    throw new CliUsageError(
      `--${flag} must be ${kind} from ${rule.min} to ${rule.max} (${rule.what}), not "${text}"`,
    );
  return value;
}

/**
 * Reads the simulator's command line. Unknown options, missing values and numbers out of range
 * are refused with a `CliUsageError`; `help` is true when `--help` was given.
 */
export function parseCliOptions(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): { help: true } | { help: false; options: CliOptions } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string', default: 'mqtt://localhost:1884' },
        api: { type: 'string', default: 'http://localhost:8080/ics' },
        user: { type: 'string', default: 'admin' },
        password: { type: 'string', default: env.ICS_ADMIN_PASSWORD ?? '' },
        project: { type: 'string' },
        credentials: { type: 'string' },
        prefix: { type: 'string', default: 'SIM-GW-' },
        help: { type: 'boolean', default: false },
        ...Object.fromEntries(
          numberFlags.map((flag) => [flag, { type: 'string', default: numbers[flag].fallback }]),
        ),
      },
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  if (values.help) return { help: true };
  const text = (name: string) => values[name] as string;
  if (!/^mqtts?:\/\/|^wss?:\/\//.test(text('url')))
    throw new CliUsageError(
      `--url must be an mqtt://, mqtts://, ws:// or wss:// address, not "${text('url')}"`,
    );
  const options = {
    url: text('url'),
    api: text('api'),
    user: text('user'),
    password: text('password'),
    project: values.project as string | undefined,
    credentials: values.credentials as string | undefined,
    prefix: text('prefix'),
  } as CliOptions;
  for (const flag of numberFlags) options[numbers[flag].field] = readNumber(flag, text(flag));
  if (!values.credentials && !values.project)
    throw new CliUsageError(
      '--project ID is required to provision gateways through the API (or give --credentials FILE)',
    );
  return { help: false, options };
}
