import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The server as an operator runs it (`npm start` → scripts/start.mjs → main.ts), in a child
// process with its own data directory and ports.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tempDirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ics-main-'));
  tempDirs.push(dir);
  return dir;
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Server = {
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  /** Resolves once stdout matches, rejects if the process exits first or time runs out. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  child: ChildProcess;
};

async function start(env: Record<string, string>): Promise<Server> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(PORT|HOST|DATA_DIR|DATABASE_URL|MQTT_PORT|MQTT_URL)$/.test(k) && !k.startsWith('ICS_'),
    ),
  );
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...base,
      ICS_SKIP_BUILD: '1',
      HOST: '127.0.0.1',
      ICS_LOG_LEVEL: 'warn',
      MQTT_PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    stdout: () => out,
    stderr: () => err,
    // A first start creates the database (initdb, then a restart of its thread) and migrates it:
    // seconds on a quiet machine, far longer on a loaded CI runner.
    waitFor: (pattern, ms = 90_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${pattern}:\n${out}\n${err}`)),
          ms,
        );
        const check = () => {
          const m = out.match(pattern);
          if (m) {
            clearTimeout(timer);
            child.stdout!.off('data', check);
            resolve(m);
          }
        };
        child.stdout!.on('data', check);
        check();
        exited.then((code) => {
          clearTimeout(timer);
          if (!out.match(pattern)) reject(new Error(`exited ${code} before ${pattern}:\n${out}\n${err}`));
        });
      }),
  };
}

async function call(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/ics${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'x-access-token': token } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  type Body = {
    success: boolean;
    code: number;
    message: string;
    result: { token: string; username: string };
  };
  return { status: res.status, body: (await res.json()) as Body };
}

const stderrLines = (server: Server) => server.stderr().trim().split('\n').filter(Boolean);

describe('main: the server process', () => {
  it('exits 1 with one line naming an invalid setting', async () => {
    const [port, cas] = await Promise.all([
      start({ PORT: 'abc', DATA_DIR: tempDir() }),
      start({ PORT: '8080', ICS_CAS_URL: 'notaurl', DATA_DIR: tempDir() }),
    ]);
    expect(await port.exited).toBe(1);
    expect(stderrLines(port)).toEqual(['ics: Invalid PORT="abc": must be a port number 0-65535']);
    expect(await cas.exited).toBe(1);
    expect(stderrLines(cas)).toEqual([
      'ics: Invalid ICS_CAS_URL="notaurl": must be an http(s) URL such as https://cas.example.org/cas',
    ]);
  });

  it('exits 1 with one line when the port is taken', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      const server = await start({
        PORT: String(port),
        DATA_DIR: tempDir(),
        ICS_ADMIN_PASSWORD: 'Admin123!',
      });
      expect(await server.exited).toBe(1);
      const lines = stderrLines(server);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(`ics: port ${port} is already in use: stop the other process or set PORT`);
      expect(server.stdout()).not.toContain('ICS is running');
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('prints a generated admin password, stops on SIGTERM and keeps its data across a restart', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = await start({ PORT: String(port), DATA_DIR: dataDir });
    const [, password] = await first.waitFor(/password: (\S+)/);
    await first.waitFor(/ICS is running: .*http:\/\/localhost:(\d+)\/ics/);
    expect(first.stdout()).toContain(`http://localhost:${port}/ics`);

    const login = await call(port, 'POST', '/sys/login', { username: 'admin', password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, code: 200 });
    const token = login.body.result.token;
    const changed = await call(
      port,
      'PUT',
      '/sys/user/updatePassword',
      { username: 'admin', oldpassword: password, password: 'Changed#2024', confirmpassword: 'Changed#2024' },
      token,
    );
    expect(changed.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.stderr()).toBe('');

    const second = await start({ PORT: String(port), DATA_DIR: dataDir });
    await second.waitFor(/ICS is running/);
    expect(second.stdout()).not.toContain('administrator account created');
    expect(
      (await call(port, 'POST', '/sys/login', { username: 'admin', password: 'Changed#2024' })).status,
    ).toBe(200);
    const old = await call(port, 'POST', '/sys/login', { username: 'admin', password });
    expect(old.body).toMatchObject({ success: false, errorCode: 'auth.bad_credentials' });
    // The session made before the restart is still valid: sessions live in the database.
    const me = await call(port, 'GET', '/sys/getLoginUser/admin', undefined, token);
    expect(me.status).toBe(200);
    expect(me.body.result.username).toBe('admin');

    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
