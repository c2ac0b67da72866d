import { marks } from '@ics/contract/server';
import type { Database } from '../../db/database';
import { adminMessages } from '../../http/admin.messages';
import type { ListRules } from '../../http/list-query';
import { serviceModule } from '../../http/routes';
import { registerMessages } from '../../lib/messages';
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
  registerMessages(adminMessages);
  registerMessages(roleMessages);
  deps.dataRules.register(ROLE_RESOURCE);
  deps.dicts.registerTable('sys_role', {
    columns: ['id', 'role_name', 'role_code'],
    where: 'true',
    mark: marks.system.role.list,
  });
  deps.duplicates.registerDuplicates('sys_role', {
    columns: { role_code: 'lower(role_code)', roleCode: 'lower(role_code)' },
    where: 'true',
    marks: [marks.system.role.add, marks.system.role.edit],
  });
  const service = new RoleService(new RoleRepository(deps.db), deps.dataRules, deps.i18n);
  return serviceModule(service, registerRoleRoutes);
}
