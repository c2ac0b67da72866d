import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { openAdminModule } from '../../http/admin-module';
import type { ListRules } from '../../http/list-query';
import { type AccessGuard, serviceModule } from '../../http/routes';
import { logMessages } from './log.messages';
import { LOG_RESOURCE, LogRepository } from './log.repository';
import { registerLogRoutes } from './log.routes';
import { LogService } from './log.service';
import { logOperations } from './operation-log.hook';

export type LogModuleDeps = { db: Database; dataRules: ListRules };

/** The login and operation log (sys_log), its page, and the hook that logs administrative operations. */
export function createLogModule(deps: LogModuleDeps) {
  openAdminModule(deps, logMessages, { list: LOG_RESOURCE });
  const service = new LogService(new LogRepository(deps.db), deps.dataRules);
  return {
    ...serviceModule(service, registerLogRoutes),
    /** Logs every operation of the routes registered in `scope` from now on (see operation-log.hook.ts). */
    recordOperations: (scope: FastifyInstance, guard: AccessGuard) => logOperations(scope, guard, service),
  };
}
