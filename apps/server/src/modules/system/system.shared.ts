import type { Config } from '../../config';
import type { Database } from '../../db/database';

/** What the system administration module needs from the application. */
export type SystemDeps = {
  db: Database;
  config: Pick<Config, 'dataDir' | 'basePath'>;
  // Services is declared in app.ts; importing its type only keeps the module graph acyclic at run time.
  services: import('../../app').Services;
};
