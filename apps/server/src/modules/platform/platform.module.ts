import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { adminMessages } from '../../http/admin.messages';
import type { AccessGuard } from '../../http/routes';
import { registerMessages } from '../../lib/messages';
import { PlatformRepository } from './platform.repository';
import { registerPlatformRoutes } from './platform.routes';
import { PlatformService } from './platform.service';

export type PlatformModuleDeps = {
  db: Database;
  config: Pick<Config, 'casUrl' | 'dataDir' | 'basePath'>;
};

/** Platform settings (sys_platform_setting), the images they point at, and every uploaded file's address. */
export function createPlatformModule(deps: PlatformModuleDeps) {
  registerMessages(adminMessages);
  const service = new PlatformService(new PlatformRepository(deps.db), deps.config.casUrl);
  return {
    service,
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) =>
      registerPlatformRoutes(api, guard, service, deps.config),
  };
}
