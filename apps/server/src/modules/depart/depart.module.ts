import { marks } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { openAdminModule } from '../../http/admin-module';
import type { AccessGuard } from '../../http/routes';
import { Listeners } from '../../lib/listeners';
import type { CheckService } from '../check';
import type { DictService } from '../dict';
import type { I18nService } from '../i18n';
import { departMessages } from './depart.messages';
import { DepartRepository } from './depart.repository';
import { registerDepartRoutes } from './depart.routes';
import { type DepartChange, DepartService, type DepartUsers } from './depart.service';
import { DepartRoleRepository } from './depart-role.repository';
import { DepartRoleService } from './depart-role.service';

export type DepartModuleDeps = {
  db: Database;
  i18n: I18nService;
  /** The user module's service: who belongs where, and which departments a caller reaches. */
  users: DepartUsers;
  dicts: DictService;
  duplicates: CheckService;
};

/**
 * Departments (sys_depart), their roles (sys_depart_role, sys_depart_role_user) and what they
 * grant (sys_depart_permission, sys_depart_role_permission).
 */
export function createDepartModule(deps: DepartModuleDeps) {
  openAdminModule(deps, departMessages, {
    table: 'sys_depart',
    dictionary: ['id', 'depart_name', 'org_code', 'parent_id'],
    unique: { org_code: 'org_code', orgCode: 'org_code' },
    where: 'del_flag = 0',
    marks: marks.system.depart,
  });
  const changed = new Listeners<DepartChange>();
  const grants = new DepartRoleRepository(deps.db);
  const service = new DepartService(new DepartRepository(deps.db), grants, deps.users, deps.i18n, changed);
  const roles = new DepartRoleService(grants, service, deps.users, changed);
  return {
    service,
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) =>
      registerDepartRoutes(api, guard, service, roles),
  };
}
