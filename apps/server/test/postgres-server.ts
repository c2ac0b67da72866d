import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from './mosquitto';

type Setup = { bin: string; user: string | null };

/**
 * How this machine can run a PostgreSQL server of a test's own: its binaries, and the user to run
 * them as (initdb refuses root, so as root through `runuser -u postgres`). A reason when it cannot.
 */
export function postgresSetup(): Setup | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) return { missing: `no PostgreSQL server binaries under ${root}/*/bin` };
  const bin = path.join(root, versions[0]!, 'bin');
  if (process.getuid?.() !== 0) return { bin, user: null };
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', 'true'], { stdio: 'ignore' });
    return { bin, user: 'postgres' };
  } catch {
    return { missing: 'running as root and `runuser -u postgres` does not work (initdb refuses root)' };
  }
}

export type PostgresServer = {
  url: string;
  /** Stops the server (fast shutdown: sessions are ended) and keeps its data directory. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
};

/** A PostgreSQL cluster of the test's own in a temporary directory, on a free port. */
export async function startPostgres(setup: Setup): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ics-postgres-'));
  if (setup.user) {
    const uid = Number(execFileSync('id', ['-u', setup.user]).toString());
    const gid = Number(execFileSync('id', ['-g', setup.user]).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  const as = (tool: string, args: string[]) => {
    const command = path.join(setup.bin, tool);
    const [file, argv] = setup.user
      ? ['runuser', ['-u', setup.user, '--', command, ...args]]
      : [command, args];
    return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  };
  as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const resume = async () => {
    as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    await waitForPort(port, null, () => '', 'postgres');
  };
  const halt = async () => {
    as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await resume();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt,
    resume,
    async stop() {
      await halt().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
