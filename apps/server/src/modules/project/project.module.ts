import { marks } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { openAdminModule } from '../../http/admin-module';
import type { ListRules } from '../../http/list-query';
import type { AccessGuard } from '../../http/routes';
import type { CheckService } from '../check';
import type { DepartService } from '../depart';
import type { DictService } from '../dict';
import type { RoleService } from '../role';
import { projectMessages } from './project.messages';
import { PROJECT_RESOURCE, ProjectRepository } from './project.repository';
import { registerProjectRoutes } from './project.routes';
import { ProjectService } from './project.service';
import { ProjectScopeService } from './project-scope.service';

export type ProjectModuleDeps = {
  db: Database;
  dataRules: ListRules;
  dicts: DictService;
  duplicates: CheckService;
  roles: RoleService;
  departs: DepartService;
};

/** Projects (sys_project, sys_project_depart) and the project scope of a user, which device modules filter by. */
export function createProjectModule(deps: ProjectModuleDeps) {
  openAdminModule(deps, projectMessages, {
    list: PROJECT_RESOURCE,
    table: 'sys_project',
    dictionary: ['id', 'name', 'code'],
    unique: { code: 'code' },
    where: 'del_flag = 0',
    marks: marks.system.project,
  });
  const repository = new ProjectRepository(deps.db);
  const scope = new ProjectScopeService(repository);
  // A user's projects follow the administrator role and their departments.
  deps.roles.onChanged(() => scope.invalidate());
  deps.departs.onChanged(() => scope.invalidate());
  deps.dicts.onRefresh(() => scope.invalidate());
  const service = new ProjectService(repository, scope, deps.dataRules);
  return {
    service,
    /** Which projects each user may see. */
    scope,
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) =>
      registerProjectRoutes(api, guard, service, deps.departs),
  };
}
