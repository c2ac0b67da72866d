import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where Debian's mosquitto package puts the dynamic-security plugin. */
export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

/** Whether a test can start a Mosquitto of its own (the binary, and the plugin when asked). */
export function mosquittoAvailable(dynsec = false): boolean {
  try {
    execFileSync('mosquitto', ['-h'], { stdio: 'ignore' });
  } catch (error) {
    // `mosquitto -h` exits with 3 after printing its help: the binary is there.
    if ((error as { status?: number }).status === undefined) return false;
  }
  return !dynsec || (existsSync(DYNSEC_PLUGIN) && commandExists('mosquitto_ctrl'));
}

function commandExists(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type Mosquitto = {
  url: string;
  port: number;
  /** Stops the broker for good and removes its files. */
  stop(): Promise<void>;
  /** Stops the broker (SIGTERM: a persistent one saves its sessions) and keeps its files. */
  halt(): Promise<void>;
  /** Starts the halted broker again on the same port and files. */
  resume(): Promise<void>;
};

/**
 * A Mosquitto of the test's own on a free port (the machine's broker is left alone): sessions
 * queue without limit, as docs/deployment/mqtt-broker.md asks of a production broker. With
 * `dynsec`, the dynamic-security plugin on a configuration generated with that administrator,
 * and no anonymous access. With `persistent`, sessions and their queued messages are saved on
 * shutdown and read back on start (`persistence true`, as a production broker has it).
 */
export async function startMosquitto(
  options: { dynsec?: { user: string; password: string }; persistent?: boolean } = {},
): Promise<Mosquitto> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ics-mosquitto-'));
  // Started as root, mosquitto drops to its own user: it must still read and save its files here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const lines = [
    `listener ${port} 127.0.0.1`,
    'max_queued_messages 0',
    'max_inflight_messages 0',
    ...(options.persistent ? ['persistence true', `persistence_location ${dir}/`] : ['persistence false']),
  ];
  if (options.dynsec) {
    const file = path.join(dir, 'dynamic-security.json');
    execFileSync('mosquitto_ctrl', ['dynsec', 'init', file, options.dynsec.user, options.dynsec.password], {
      stdio: 'ignore',
    });
    chmodSync(file, 0o666);
    lines.push('allow_anonymous false', `plugin ${DYNSEC_PLUGIN}`, `plugin_opt_config_file ${file}`);
  } else lines.push('allow_anonymous true');
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, `${lines.join('\n')}\n`);
  let child: ChildProcess = await run(conf, port);
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    halt,
    async resume() {
      child = await run(conf, port);
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function run(conf: string, port: number): Promise<ChildProcess> {
  const child = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  await waitForPort(port, child, () => output, 'mosquitto');
  return child;
}

/** Resolves once `port` accepts connections; fails when `child` exits or after 10 s. */
export async function waitForPort(
  port: number,
  child: ChildProcess | null,
  output: () => string,
  name: string,
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child?.kill('SIGKILL');
  throw new Error(`${name} did not listen on ${port}: ${output()}`);
}
