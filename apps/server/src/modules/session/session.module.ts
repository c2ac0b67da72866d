import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AccessGuard } from '../../http/routes';
import type { DictService } from '../dict';
import type { LogService } from '../log';
import type { PermissionService } from '../permission';
import type { PlatformService } from '../platform';
import type { UserService } from '../user';
import { LoginGuard } from './login-guard';
import { registerSessionRoutes } from './session.routes';
import { SessionService } from './session.service';
import { SessionStore } from './session.store';
import { SmsCodes, type SmsSender } from './sms';

export type SessionModuleDeps = {
  db: Database;
  config: Pick<Config, 'tokenTtlMs' | 'sessionIdleMs' | 'casUrl'>;
  smsSender: SmsSender;
  users: UserService;
  permissions: PermissionService;
  platform: PlatformService;
  dicts: DictService;
  logs: LogService;
};

/**
 * Signing in and out (sys_session, sys_login_failure, sys_captcha, sys_sms_code), the signed-in
 * user's own account, and the guard every route checks: the caller behind a token, and their marks.
 */
export function createSessionModule(deps: SessionModuleDeps) {
  const store = new SessionStore(deps.db, {
    ttlMs: deps.config.tokenTtlMs,
    idleMs: deps.config.sessionIdleMs,
  });
  const loginGuard = new LoginGuard(deps.db);
  const service = new SessionService(
    deps.users,
    store,
    loginGuard,
    new SmsCodes(deps.db, deps.smsSender),
    deps.dicts,
    deps.platform,
    deps.logs,
  );
  // Deleted, frozen or given a new password by an administrator: the user's sessions end.
  deps.users.onChanged(async (change) => {
    if (change.kind === 'signed-out')
      for (const id of change.userIds) await store.revokeUser(id, change.keepTokenHash);
  });
  const guard: AccessGuard = {
    resolveCaller: (token) => store.resolve(token),
    hasMark: (caller, mark) => deps.permissions.hasMark(caller.userId, mark),
  };
  return {
    service,
    guard,
    registerRoutes: (api: FastifyInstance, routeGuard: AccessGuard) =>
      registerSessionRoutes(api, routeGuard, {
        sessions: service,
        loginGuard,
        permissions: deps.permissions,
        platform: deps.platform,
        casUrl: deps.config.casUrl,
      }),
  };
}
