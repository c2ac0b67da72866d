import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedAdmin } from './db/seed';

/** Prints one line and exits: start-up problems are the operator's to fix, not stack traces. */
function fail(message: string): never {
  process.stderr.write(`ics: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
    (error: Error) =>
      fail(
        `cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${error.message}`,
      ),
  );
  await migrate(db);
  const seed = await seedAdmin(db, config.adminPassword);
  const { app } = await buildApp({ config, db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close().catch(() => undefined);
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await db.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`port ${config.port} is already in use: stop the other process or set PORT`);
    if (code === 'EACCES')
      fail(`not allowed to listen on port ${config.port}: choose a port above 1024 with PORT`);
    throw error;
  }

  if (seed.generatedPassword) {
    const line = '='.repeat(64);
    process.stdout.write(
      `\n${line}\n  ICS first start: administrator account created\n  username: admin\n  password: ${seed.generatedPassword}\n  (shown once; set ICS_ADMIN_PASSWORD to choose it)\n${line}\n\n`,
    );
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(
    `ICS is running: console http://localhost:${port}/  API http://localhost:${port}${config.basePath}  (API reference ${config.basePath}/doc)\n`,
  );
}

main().catch((error: Error) => fail(error.stack ?? error.message));
