import type { FastifyInstance } from 'fastify';
import { requestToken } from '../../http/request-context';
import { registerCheckRoutes } from './check.routes';
import { registerDepartRoutes } from './depart.routes';
import { registerDictRoutes } from './dict.routes';
import { registerI18nRoutes } from './i18n.routes';
import { registerLogRoutes } from './log.routes';
import { LOG_TYPE } from './log.service';
import { registerPermissionRoutes } from './permission.routes';
import { registerPlatformRoutes } from './platform.routes';
import { registerProjectRoutes } from './project.routes';
import { registerRoleRoutes } from './role.routes';
import type { SystemDeps } from './system.shared';
import { registerUserRoutes } from './user.routes';

/**
 * System administration: users, roles, menus, departments, dictionaries, check rules,
 * projects, translations, platform settings and logs. Every non-GET request of these routes
 * is written to the operation log (who, what, when, from where, result).
 */
export async function registerSystemRoutes(api: FastifyInstance, deps: SystemDeps): Promise<void> {
  await api.register(async (scope) => {
    scope.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
      try {
        const caller = await deps.services.guard.resolveCaller(requestToken(request));
        if (!caller) return;
        const summary = (request.routeOptions.schema as { summary?: string } | undefined)?.summary;
        await deps.services.logs.write({
          type: LOG_TYPE.operation,
          content: summary ?? request.routeOptions.url ?? request.url,
          operateType: request.method,
          userId: caller.userId,
          username: caller.username,
          ip: request.ip,
          method: request.method,
          url: (request.routeOptions.url ?? request.url).slice(0, 300),
          ok: reply.statusCode < 400,
          costMs: Math.round(reply.elapsedTime),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'operation log not written');
      }
    });
    registerUserRoutes(scope, deps);
    registerRoleRoutes(scope, deps);
    registerPermissionRoutes(scope, deps);
    registerDepartRoutes(scope, deps);
    registerDictRoutes(scope, deps);
    registerCheckRoutes(scope, deps);
    registerProjectRoutes(scope, deps);
    registerI18nRoutes(scope, deps);
    await registerPlatformRoutes(scope, deps);
    registerLogRoutes(scope, deps);
  });
}
