import { type ChildProcess, spawn } from 'node:child_process';
import { installed } from './installed';
import { freePort, waitForPort } from './mosquitto';

/** Whether a test can start a Redis of its own. */
export function redisAvailable(): boolean {
  return installed('redis-server', ['--version']);
}

export type Redis = {
  url: string;
  /** Stops the server (SIGTERM) and keeps the port for `resume`. */
  halt(): Promise<void>;
  /** Starts it again on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
};

/** A Redis of the test's own on a free port, nothing saved (it only carries pub/sub here). */
export async function startRedis(): Promise<Redis> {
  const port = await freePort();
  const run = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const started = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk;
    };
    started.stdout!.on('data', read);
    started.stderr!.on('data', read);
    await waitForPort(port, started, () => output, 'redis-server');
    return started;
  };
  let child: ChildProcess = await run();
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    halt,
    async resume() {
      child = await run();
    },
    stop: halt,
  };
}
