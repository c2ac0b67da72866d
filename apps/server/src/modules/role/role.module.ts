import { marks } from '@ics/contract/server';
import type { Database } from '../../db/database';
import { openAdminModule } from '../../http/admin-module';
import type { ListRules } from '../../http/list-query';
import { serviceModule } from '../../http/routes';
import type { CheckService } from '../check';
import type { DictService } from '../dict';
import type { I18nService } from '../i18n';
import { roleMessages } from './role.messages';
import { ROLE_RESOURCE, RoleRepository } from './role.repository';
import { registerRoleRoutes } from './role.routes';
import { RoleService } from './role.service';

export type RoleModuleDeps = {
  db: Database;
  dataRules: ListRules;
  dicts: DictService;
  duplicates: CheckService;
  /** Seeded roles' names and descriptions in the request's language. */
  i18n: I18nService;
};

/** Roles (sys_role) and what they are granted (sys_role_permission, sys_role_data_rule). */
export function createRoleModule(deps: RoleModuleDeps) {
  openAdminModule(deps, roleMessages, {
    list: ROLE_RESOURCE,
    table: 'sys_role',
    dictionary: ['id', 'role_name', 'role_code'],
    unique: { role_code: 'lower(role_code)', roleCode: 'lower(role_code)' },
    where: 'true',
    marks: marks.system.role,
  });
  const service = new RoleService(new RoleRepository(deps.db), deps.dataRules, deps.i18n);
  return serviceModule(service, registerRoleRoutes);
}
