import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installed } from './installed';
import { freePort, waitForPort } from './mosquitto';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The balancer configuration operators deploy: the test runs this file, not a copy of it. */
export const HAPROXY_CONFIG = path.join(root, 'docs/deployment/haproxy.cfg');

/** Whether Debian's haproxy package is installed. */
export function haproxyAvailable(): boolean {
  return installed('haproxy', ['-v']);
}

export type Balancer = { port: number; stop(): Promise<void> };

/**
 * HAProxy on the committed configuration, its addresses moved to free ports: the front on its
 * own port instead of 8080, the two nodes' 8081 and 8082 to `nodes`.
 */
export async function startHaproxy(nodes: [number, number]): Promise<Balancer> {
  const port = await freePort();
  const config = readFileSync(HAPROXY_CONFIG, 'utf8')
    .replace(/bind \*:8080/, `bind 127.0.0.1:${port}`)
    .replaceAll('127.0.0.1:8081', `127.0.0.1:${nodes[0]}`)
    .replaceAll('127.0.0.1:8082', `127.0.0.1:${nodes[1]}`);
  if (!config.includes(`:${nodes[0]}`) || !config.includes(`bind 127.0.0.1:${port}`))
    throw new Error(`${HAPROXY_CONFIG} no longer names :8080, :8081 and :8082`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ics-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  // -db: stay in the foreground, so that killing the child stops the balancer.
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const read = (chunk: Buffer) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  await waitForPort(port, child, () => output, 'haproxy');
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
