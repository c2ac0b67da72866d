import { parseArgs } from 'node:util';
import { Simulator } from './simulator';

/**
 * `npm run simulate -- --gateways 50 --lamps-per-gateway 100 --api http://localhost:8080/ics --project <id>`
 * provisions gateways SIM-GW-0001… through the API (credentials are issued or rotated) and runs them;
 * `--credentials file.json` ([{ "sn", "password" }]) runs existing gateways instead.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'mqtt://localhost:1884' },
    api: { type: 'string', default: 'http://localhost:8080/ics' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: process.env.ICS_ADMIN_PASSWORD ?? '' },
    project: { type: 'string' },
    credentials: { type: 'string' },
    gateways: { type: 'string', default: '10' },
    'lamps-per-gateway': { type: 'string', default: '50' },
    'sensors-per-gateway': { type: 'string', default: '1' },
    interval: { type: 'string', default: '10' },
    heartbeat: { type: 'string', default: '30' },
    'fault-rate': { type: 'string', default: '0.0005' },
    prefix: { type: 'string', default: 'SIM-GW-' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  process.stdout.write(
    'Usage: npm run simulate -- [--gateways N] [--lamps-per-gateway N] [--sensors-per-gateway N] [--interval s]\n' +
      '  [--heartbeat s] [--fault-rate p] [--url mqtt://host:port] (--credentials file.json | --api URL --project ID\n' +
      '  --user admin --password ...)\n',
  );
  process.exit(0);
}

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(`${values.api}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { 'x-access-token': init.token } : {}) },
  });
  const body = (await res.json()) as { success: boolean; message: string; result: T };
  if (!body.success) throw new Error(`${path}: ${body.message}`);
  return body.result;
}

async function provision(count: number) {
  if (!values.project) throw new Error('--project <id> is required to provision gateways through the API');
  const { token } = await api<{ token: string }>('/sys/login', {
    method: 'POST',
    body: JSON.stringify({ username: values.user, password: values.password }),
  });
  const out: Array<{ sn: string; password: string }> = [];
  for (let i = 1; i <= count; i++) {
    const sn = `${values.prefix}${String(i).padStart(4, '0')}`;
    const found = await api<{ records: Array<{ id: string; sn: string }> }>(
      `/lighting/gateway/list?sn=${encodeURIComponent(sn)}&pageSize=5`,
      { token },
    );
    const existing = found.records.find((g) => g.sn === sn);
    const creds = existing
      ? await api<{ password: string }>('/lighting/gateway/credentials', {
          method: 'POST',
          token,
          body: JSON.stringify({ id: existing.id }),
        })
      : (
          await api<{ credentials: { password: string } }>('/lighting/gateway/add', {
            method: 'POST',
            token,
            body: JSON.stringify({ projectId: values.project, sn, name: `Simulated ${sn}` }),
          })
        ).credentials;
    out.push({ sn, password: creds.password });
  }
  return out;
}

async function main() {
  const fs = await import('node:fs');
  const gateways = values.credentials
    ? (JSON.parse(fs.readFileSync(values.credentials, 'utf8')) as Array<{ sn: string; password: string }>)
    : await provision(Number(values.gateways));
  const simulator = new Simulator({
    url: values.url!,
    gateways,
    lampsPerGateway: Number(values['lamps-per-gateway']),
    sensorsPerGateway: Number(values['sensors-per-gateway']),
    telemetryIntervalSeconds: Number(values.interval),
    heartbeatSeconds: Number(values.heartbeat),
    faultRate: Number(values['fault-rate']),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  await simulator.start();
  const timer = setInterval(() => process.stdout.write(`${JSON.stringify(simulator.stats)}\n`), 10_000);
  const stop = async () => {
    clearInterval(timer);
    await simulator.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  process.stderr.write(`simulate: ${error.message}\n`);
  process.exit(1);
});
