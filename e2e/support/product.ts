import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 150_000;

export const ADMIN_USERNAME = 'admin';

/** A running product: `node scripts/start.mjs` on a free port with a fresh data directory. */
export type Product = {
  baseUrl: string;
  apiUrl: string;
  adminPassword: string;
  /** Where devices (the simulator) connect: the embedded MQTT broker. */
  mqttUrl: string;
  /** The product's data directory (removed by `stop`). */
  dataDir: string;
  /** What the process printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export type ProductOptions = {
  /** Port of the embedded MQTT broker (default: a free port, so the simulator can connect). */
  mqttPort?: number;
  /** Start the demo project with its simulated gateways (default: no). */
  demo?: boolean;
  /** Extra environment for the server (applied last). */
  env?: Record<string, string>;
};

/** Starts the product exactly as an operator would and waits until its API answers. */
export async function startProduct(options: ProductOptions = {}): Promise<Product> {
  const port = await freePort();
  const mqttPort = options.mqttPort ?? (await freePort());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ics-e2e-'));
  const adminPassword = 'E2e-Admin-123!';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ICS_ADMIN_PASSWORD: adminPassword,
      ICS_DEMO: options.demo ? '1' : '0',
      MQTT_PORT: String(mqttPort),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const apiUrl = `${baseUrl}/ics`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void exited(child).then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) {
      await stop();
      throw new Error(`the product exited before it was ready:\n${log}`);
    }
    try {
      const response = await fetch(`${apiUrl}/sys/platform/public`);
      if (response.ok)
        return {
          baseUrl,
          apiUrl,
          adminPassword,
          mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
          dataDir,
          output: () => log,
          stop,
        };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the product was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${log}`);
}

type Envelope<T> = { success: boolean; message: string; code: number; result: T };

/** A tiny API client for test set-up (the public HTTP API with the admin's token). */
export async function apiClient(product: Product) {
  const login = await fetch(`${product.apiUrl}/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: product.adminPassword }),
  });
  const token = ((await login.json()) as Envelope<{ token: string }>).result.token;
  const request = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${product.apiUrl}${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (!envelope.success) throw new Error(`${method} ${url}: ${response.status} ${envelope.message}`);
    return envelope.result;
  };
  return {
    token,
    get: <T>(url: string) => request<T>('GET', url),
    post: <T>(url: string, body: unknown) => request<T>('POST', url, body),
    put: <T>(url: string, body: unknown) => request<T>('PUT', url, body),
  };
}
