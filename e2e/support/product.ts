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
  /** What the process printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
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

/** Starts the product exactly as an operator would and waits until its API answers. */
export async function startProduct(): Promise<Product> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ics-e2e-'));
  const adminPassword = 'E2e-Admin-123!';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ICS_ADMIN_PASSWORD: adminPassword,
      ICS_DEMO: '0',
      MQTT_PORT: '0',
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
      if (response.ok) return { baseUrl, apiUrl, adminPassword, output: () => log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the product was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${log}`);
}
