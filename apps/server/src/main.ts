import net from 'node:net';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase, StartupError } from './plugins/database';

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

  // Find a taken port before the slow part (database, migrations), not ten seconds later.
  // The real listen below still handles a port taken in between.
  const portProblem = await probePort(config.host, config.port);
  if (portProblem) fail(portMessage(portProblem, config.port));

  // The database is opened before the rest of the server is loaded (./app, built as a chunk of
  // its own): loading Fastify, the modules and their packages took 1.2 s of a 2.6 s restart at
  // load 9, and PGlite starts in its own thread meanwhile. Its failure is reported below, by
  // buildApp; marked handled until then, so that it is not an unhandled rejection meanwhile.
  const opening = openConfiguredDatabase(config);
  opening.catch(() => undefined);
  const { buildApp } = await import('./app');
  const { app, seed } = await buildApp({ config, start: true, opening }).catch((error: Error) =>
    fail(error instanceof StartupError ? error.message : `start-up failed: ${oneLine(error.message)}`),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // Buffered telemetry is written before exit; at full ingestion load that can take seconds.
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${config.shutdownGraceMs} ms: exiting anyway`);
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    await app.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Listening makes the app ready: the device bus, the scheduler and the demo start first.
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') fail(portMessage(code, config.port));
    // The device bus could not start (its port, the external broker): the operator's to fix.
    fail(oneLine((error as Error).message));
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

function portMessage(code: 'EADDRINUSE' | 'EACCES', port: number): string {
  return code === 'EADDRINUSE'
    ? `port ${port} is already in use: stop the other process or set PORT`
    : `not allowed to listen on port ${port}: choose a port above 1024 with PORT`;
}

/** Whether the port can be listened on right now; the error code when it cannot. */
function probePort(host: string, port: number): Promise<'EADDRINUSE' | 'EACCES' | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? error.code : null),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/** Messages from drivers may span lines; the operator gets one. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

// Anything else is a bug: one line by default, the stack when debugging.
main().catch((error: Error) =>
  fail(
    /^(debug|trace)$/.test(process.env.ICS_LOG_LEVEL ?? '')
      ? (error.stack ?? error.message)
      : `start-up failed: ${oneLine(error.message)}`,
  ),
);
