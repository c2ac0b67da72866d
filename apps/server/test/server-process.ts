import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `npm start` as an operator runs it, on `env` (nothing of the test's own settings leaks in);
 * resolves once it serves. `kill` is registered with `cleanups` so that no process outlives the
 * test.
 */
export async function serve(
  env: Record<string, string>,
  cleanups: Array<() => Promise<void> | void>,
): Promise<ChildProcess> {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !/^(PORT|HOST|DATA_DIR|DATABASE_URL|REDIS_URL|MQTT_\w+|ICS_\w+)$/.test(name),
  );
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...Object.fromEntries(inherited), ICS_SKIP_BUILD: '1', ICS_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('ICS is running')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return child;
}

/** Kills a server process at once (no shutdown: a crash) and waits until it is gone. */
export async function crash(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

export type Api = (<T>(method: string, url: string, body?: unknown) => Promise<T>) & {
  /** The administrator's access token (for a console socket). */
  token: string;
};

/** The API of a server process on `port`, signed in as the administrator. */
export async function signIn(port: number): Promise<Api> {
  const call = async <T>(method: string, url: string, body?: unknown, token?: string): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${port}/ics${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await res.json()) as { success: boolean; message: string; result: T };
    if (!envelope.success) throw new Error(`${method} ${url}: ${envelope.message}`);
    return envelope.result;
  };
  const { token } = await call<{ token: string }>('POST', '/sys/login', {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  return Object.assign(
    <T>(method: string, url: string, body?: unknown) => call<T>(method, url, body, token),
    {
      token,
    },
  );
}
