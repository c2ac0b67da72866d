import { marks } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { openAdminModule } from '../../http/admin-module';
import type { ListRules } from '../../http/list-query';
import { ResponseCache } from '../../http/response-cache';
import type { AccessGuard } from '../../http/routes';
import type { CheckService } from '../check';
import type { DictService } from '../dict';
import type { I18nService } from '../i18n';
import type { RoleService } from '../role';
import { userMessages } from './user.messages';
import { USER_RESOURCE, UserRepository } from './user.repository';
import { registerUserRoutes } from './user.routes';
import { UserService } from './user.service';

export type UserModuleDeps = {
  db: Database;
  config: Pick<Config, 'dataDir' | 'basePath'>;
  dataRules: ListRules;
  i18n: I18nService;
  roles: RoleService;
  dicts: DictService;
  duplicates: CheckService;
};

/** Users (sys_user) and their links to roles and departments (sys_user_role, sys_user_depart, sys_user_managed_depart). */
export function createUserModule(deps: UserModuleDeps) {
  openAdminModule(deps, userMessages, {
    list: USER_RESOURCE,
    table: 'sys_user',
    dictionary: ['id', 'username', 'realname', 'work_no'],
    unique: {
      username: 'lower(username)',
      phone: 'phone',
      email: 'lower(email)',
      work_no: 'work_no',
      workNo: 'work_no',
    },
    where: 'del_flag = 0',
    marks: marks.system.user,
  });
  // Serialised answers of the user list (per caller and query): cleared by every write on this
  // node (clearOnWrites, and the writes below); 2 s bounds what other API nodes changed.
  const listAnswers = new ResponseCache({ ttlMs: 2_000, maxEntries: 2_000, maxAnswerChars: 256 * 1024 });
  // Records carry dictionary texts, which translations change.
  deps.i18n.onInvalidate(() => listAnswers.clear());
  // Sign-in also writes users outside a writing request (CAS sign-in is a GET).
  const repository = new UserRepository(deps.db, () => listAnswers.clear());
  const service = new UserService(repository, deps.roles, deps.dicts, deps.dataRules);
  return {
    service,
    /** The cache of user list answers, for the application to clear on every write. */
    listAnswers,
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) =>
      registerUserRoutes(api, guard, service, listAnswers, deps.config),
  };
}
