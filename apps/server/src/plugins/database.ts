import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

/** A start-up problem the operator fixes (said in one line), not a bug. */
export class StartupError extends Error {}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** Opens PostgreSQL at `DATABASE_URL`, else PGlite in `DATA_DIR`; failing, says so in one line. */
export function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteSharedBuffers'>,
): Promise<Database> {
  const { databaseUrl, dataDir, pgliteSharedBuffers } = config;
  return openDatabase({ databaseUrl, dataDir, pgliteSharedBuffers }).catch((error: Error) => {
    const where = config.databaseUrl ? 'DATABASE_URL' : config.dataDir;
    throw new StartupError(`cannot open the database (${where}): ${oneLine(error.message)}`);
  });
}

/**
 * The database the app serves from: the one given (tests), else the configured one, which the
 * caller may have begun to open (`opening`). Migrated before any module is created; the
 * configured one is closed last (after the device runtime has written what it buffered).
 */
export async function useDatabase(
  app: FastifyInstance,
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteSharedBuffers'>,
  given?: Database,
  opening?: Promise<Database>,
): Promise<Database> {
  const db = given ?? (await (opening ?? openConfiguredDatabase(config)));
  if (!given) app.addHook('onClose', () => db.close());
  await migrate(db).catch((error: Error) => {
    throw new StartupError(`cannot prepare the database: ${oneLine(error.message)}`);
  });
  return db;
}
