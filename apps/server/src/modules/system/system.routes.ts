import type { FastifyInstance } from 'fastify';
import type { SystemDeps } from './system.shared';

/**
 * System administration: users, roles, menus, departments, dictionaries, check rules,
 * projects, translations, platform settings and logs. Every operation of these routes is
 * written to the operation log (who, what, when, from where, result).
 */
export async function registerSystemRoutes(api: FastifyInstance, deps: SystemDeps): Promise<void> {
  await api.register(async (scope) => {
    deps.services.logModule.recordOperations(scope, deps.services.guard);
    deps.services.userModule.registerRoutes(scope, deps.services.guard);
    deps.services.roleModule.registerRoutes(scope, deps.services.guard);
    deps.services.permissionModule.registerRoutes(scope, deps.services.guard);
    deps.services.departModule.registerRoutes(scope, deps.services.guard);
    deps.services.dictModule.registerRoutes(scope, deps.services.guard);
    deps.services.checkModule.registerRoutes(scope, deps.services.guard);
    deps.services.projectModule.registerRoutes(scope, deps.services.guard);
    deps.services.i18nModule.registerRoutes(scope, deps.services.guard);
    await deps.services.platformModule.registerRoutes(scope, deps.services.guard);
    deps.services.logModule.registerRoutes(scope, deps.services.guard);
  });
}
