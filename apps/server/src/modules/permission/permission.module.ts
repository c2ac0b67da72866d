import { marks } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { openAdminModule } from '../../http/admin-module';
import type { AccessGuard } from '../../http/routes';
import type { CheckService } from '../check';
import type { DepartService } from '../depart';
import type { DictService } from '../dict';
import type { I18nService } from '../i18n';
import type { RoleService } from '../role';
import type { UserService } from '../user';
import { DataRuleRepository } from './data-rule.repository';
import { DataRuleService } from './data-rule.service';
import { MenuService } from './menu.service';
import { permissionMessages } from './permission.messages';
import { PermissionRepository } from './permission.repository';
import { registerPermissionRoutes } from './permission.routes';
import { PermissionService } from './permission.service';
import { registerDepartGrantRoutes, registerRoleGrantRoutes } from './permission-grant.routes';
import { PermissionGrantService } from './permission-grant.service';

/**
 * The data rules of the permission module, created before the modules whose lists they
 * restrict (every such module registers its lists with them); the rest of the module needs
 * those modules, so it comes after them.
 */
export function createDataRules(deps: { db: Database }): DataRuleService {
  return new DataRuleService(new DataRuleRepository(deps.db));
}

export type PermissionModuleDeps = {
  db: Database;
  dataRules: DataRuleService;
  i18n: I18nService;
  dicts: DictService;
  roles: RoleService;
  users: UserService;
  departs: DepartService;
  duplicates: CheckService;
};

/**
 * Menus, pages and buttons with their marks (sys_permission) and the data rules of menus
 * (sys_permission_data_rule): who holds which (`hasMark`, the console's menu), and granting
 * them to roles and departments, whose modules store the grants.
 */
export function createPermissionModule(deps: PermissionModuleDeps) {
  openAdminModule(deps, permissionMessages, {
    table: 'sys_permission',
    unique: { perms: 'perms' },
    where: 'del_flag = 0',
    marks: marks.system.permission,
  });
  const repository = new PermissionRepository(deps.db);
  const service = new PermissionService(repository, deps.i18n);
  // What users hold changes with their roles, their departments' roles and their own links.
  deps.roles.onChanged(() => service.invalidate());
  deps.departs.onChanged((change) => service.invalidate(change.userId));
  deps.users.onChanged((change) => {
    if (change.kind === 'edited') service.invalidate(change.userId);
  });
  deps.dicts.onRefresh(() => service.invalidate());
  const menus = new MenuService(repository, service);
  const grants = new PermissionGrantService(
    repository,
    menus,
    deps.dataRules,
    service,
    deps.i18n,
    deps.roles,
    deps.departs,
  );
  return {
    service,
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) => {
      registerRoleGrantRoutes(api, guard, grants);
      registerPermissionRoutes(api, guard, { menus, dataRules: deps.dataRules, i18n: deps.i18n });
      registerDepartGrantRoutes(api, guard, grants);
    },
  };
}
