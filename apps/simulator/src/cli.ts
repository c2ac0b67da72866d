import { readFileSync } from 'node:fs';
import { CliUsageError, parseCliOptions, usage } from './cli-options';
import { type GatewayCredential, Simulator } from './simulator';

/**
 * `npm run simulate -- --gateways 50 --lamps-per-gateway 100 --api http://localhost:8080/ics --project <id>`
 * provisions gateways SIM-GW-0001… through the API (credentials are issued or rotated) and runs them;
 * `--credentials file.json` ([{ "sn", "password" }]) runs existing gateways instead.
 */
let parsed: ReturnType<typeof parseCliOptions>;
try {
  parsed = parseCliOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof CliUsageError)) throw error;
  process.stderr.write(`simulate: ${error.message}\nRun with --help to see every option.\n`);
  process.exit(2);
}
if (parsed.help) {
  process.stdout.write(usage());
  process.exit(0);
}
const values = parsed.options;

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(`${values.api}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { 'x-access-token': init.token } : {}) },
  });
  const body = (await res.json()) as { success: boolean; message: string; result: T };
  if (!body.success) throw new Error(`${path}: ${body.message}`);
  return body.result;
}

async function provision(count: number): Promise<GatewayCredential[]> {
  const { token } = await api<{ token: string }>('/sys/login', {
    method: 'POST',
    body: JSON.stringify({ username: values.user, password: values.password }),
  });
  const out: GatewayCredential[] = [];
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

function readCredentials(file: string): GatewayCredential[] {
  const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const valid =
    Array.isArray(list) &&
    list.every((c) => typeof c?.sn === 'string' && c.sn !== '' && typeof c?.password === 'string');
  if (!valid) throw new Error(`${file}: expected [{"sn": "...", "password": "..."}, ...]`);
  return list as GatewayCredential[];
}

async function main() {
  const gateways = values.credentials
    ? readCredentials(values.credentials)
    : await provision(values.gateways);
  const simulator = new Simulator({
    url: values.url,
    gateways,
    lampsPerGateway: values.lampsPerGateway,
    sensorsPerGateway: values.sensorsPerGateway,
    screensPerGateway: values.screensPerGateway,
    speakersPerGateway: values.speakersPerGateway,
    camerasPerGateway: values.camerasPerGateway,
    telemetryIntervalSeconds: values.interval,
    heartbeatSeconds: values.heartbeat,
    faultRate: values.faultRate,
    offlineRate: values.offlineRate,
    offlineSeconds: values.offlineSeconds,
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
