import {
  announcementRoutes,
  checkRoutes,
  departRoutes,
  dictRoutes,
  i18nRoutes,
  permissionRoutes,
  platformRoutes,
  projectRoutes,
  type RouteDef,
  roleRoutes,
  userRoutes,
} from '@ics/contract/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestToken } from '../../http/request-context';
import type { AccessGuard } from '../../http/routes';
import type { MessageKey } from '../../lib/messages';
import type { LogService } from './log.service';
import { LOG_TYPE } from './log-entry';

/**
 * What the operation log calls each administrative operation (texts in log.messages.ts).
 * A route listed here is logged whatever its method (publishing answers GET too); a writing
 * route missing from it is still logged, as "operation METHOD url".
 */
export const OPERATION_LOG_KEYS: ReadonlyMap<RouteDef, MessageKey> = new Map<RouteDef, MessageKey>([
  [userRoutes.add, 'oplog.user.add'],
  [userRoutes.edit, 'oplog.user.edit'],
  [userRoutes.delete, 'oplog.user.delete'],
  [userRoutes.deleteBatch, 'oplog.user.delete_batch'],
  [userRoutes.frozenBatch, 'oplog.user.freeze'],
  [userRoutes.changePassword, 'oplog.user.reset_password'],
  [userRoutes.avatar, 'oplog.user.avatar'],
  [userRoutes.commonUpload, 'oplog.user.upload'],
  [userRoutes.addSysUserRole, 'oplog.role.members_add'],
  [userRoutes.deleteUserRole, 'oplog.role.member_remove'],
  [userRoutes.deleteUserRoleBatch, 'oplog.role.members_remove'],
  [userRoutes.editSysDepartWithUser, 'oplog.depart.members_add'],
  [userRoutes.deleteUserInDepart, 'oplog.depart.member_remove'],
  [userRoutes.deleteUserInDepartBatch, 'oplog.depart.members_remove'],
  [roleRoutes.add, 'oplog.role.add'],
  [roleRoutes.edit, 'oplog.role.edit'],
  [roleRoutes.delete, 'oplog.role.delete'],
  [roleRoutes.deleteBatch, 'oplog.role.delete_batch'],
  [roleRoutes.saveRolePermission, 'oplog.role.authorize'],
  [roleRoutes.saveDataRule, 'oplog.role.data_rule'],
  [permissionRoutes.add, 'oplog.permission.add'],
  [permissionRoutes.edit, 'oplog.permission.edit'],
  [permissionRoutes.delete, 'oplog.permission.delete'],
  [permissionRoutes.addPermissionRule, 'oplog.permission.rule_add'],
  [permissionRoutes.editPermissionRule, 'oplog.permission.rule_edit'],
  [permissionRoutes.deletePermissionRule, 'oplog.permission.rule_delete'],
  [permissionRoutes.saveDepartPermission, 'oplog.depart.authorize'],
  [departRoutes.add, 'oplog.depart.add'],
  [departRoutes.edit, 'oplog.depart.edit'],
  [departRoutes.delete, 'oplog.depart.delete'],
  [departRoutes.deleteBatch, 'oplog.depart.delete_batch'],
  [departRoutes.roleAdd, 'oplog.depart_role.add'],
  [departRoutes.roleEdit, 'oplog.depart_role.edit'],
  [departRoutes.roleDelete, 'oplog.depart_role.delete'],
  [departRoutes.roleDeleteBatch, 'oplog.depart_role.delete_batch'],
  [departRoutes.roleUserSave, 'oplog.depart_role.users'],
  [departRoutes.saveDeptRolePermission, 'oplog.depart_role.authorize'],
  [dictRoutes.add, 'oplog.dict.add'],
  [dictRoutes.edit, 'oplog.dict.edit'],
  [dictRoutes.delete, 'oplog.dict.delete'],
  [dictRoutes.deleteBatch, 'oplog.dict.delete_batch'],
  [dictRoutes.refleshCache, 'oplog.dict.refresh_cache'],
  [dictRoutes.itemAdd, 'oplog.dict_item.add'],
  [dictRoutes.itemEdit, 'oplog.dict_item.edit'],
  [dictRoutes.itemDelete, 'oplog.dict_item.delete'],
  [dictRoutes.itemDeleteBatch, 'oplog.dict_item.delete_batch'],
  [checkRoutes.add, 'oplog.check_rule.add'],
  [checkRoutes.edit, 'oplog.check_rule.edit'],
  [checkRoutes.delete, 'oplog.check_rule.delete'],
  [checkRoutes.deleteBatch, 'oplog.check_rule.delete_batch'],
  [projectRoutes.add, 'oplog.project.add'],
  [projectRoutes.edit, 'oplog.project.edit'],
  [projectRoutes.delete, 'oplog.project.delete'],
  [projectRoutes.deleteBatch, 'oplog.project.delete_batch'],
  [i18nRoutes.add, 'oplog.i18n.add'],
  [i18nRoutes.edit, 'oplog.i18n.edit'],
  [i18nRoutes.delete, 'oplog.i18n.delete'],
  [i18nRoutes.deleteBatch, 'oplog.i18n.delete_batch'],
  [platformRoutes.update, 'oplog.platform.update'],
  [platformRoutes.logo, 'oplog.platform.logo'],
  [platformRoutes.loginBackground, 'oplog.platform.login_background'],
  [announcementRoutes.add, 'oplog.announcement.add'],
  [announcementRoutes.edit, 'oplog.announcement.edit'],
  [announcementRoutes.delete, 'oplog.announcement.delete'],
  [announcementRoutes.deleteBatch, 'oplog.announcement.delete_batch'],
  [announcementRoutes.release, 'oplog.announcement.release'],
  [announcementRoutes.revoke, 'oplog.announcement.revoke'],
]);

/**
 * Writing routes of a logged scope that are not operations on the system: a user marking
 * their own notices read.
 */
export const NOT_LOGGED: ReadonlySet<RouteDef> = new Set<RouteDef>([
  announcementRoutes.markRead,
  announcementRoutes.readAll,
]);

const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes every administrative operation of the routes registered in `scope` (after this call)
 * to the operation log once answered: who, what (a message key and its texts in both
 * languages), when, from where, and whether it succeeded. Reading routes without a key of
 * their own get no hook at all: lists are the hot path of the console.
 */
export function logOperations(scope: FastifyInstance, guard: AccessGuard, logs: LogService): void {
  const log = async (request: FastifyRequest, reply: FastifyReply) => {
    const def = request.routeOptions.config?.icsRoute;
    const key = def ? OPERATION_LOG_KEYS.get(def) : undefined;
    if (!key && READING.has(request.method)) return;
    // Stamped with the request's arrival: the rows of consecutive requests, written by hooks that
    // may finish in any order, keep the order of the requests.
    const at = new Date(Date.now() - reply.elapsedTime);
    try {
      const caller = await guard.resolveCaller(requestToken(request));
      if (!caller) return;
      const url = (request.routeOptions.url ?? request.url).slice(0, 300);
      await logs.write({
        type: LOG_TYPE.operation,
        key: key ?? 'oplog.unnamed',
        vars: { method: request.method, url },
        operateType: request.method,
        userId: caller.userId,
        username: caller.username,
        ip: request.ip,
        method: request.method,
        url,
        ok: reply.statusCode < 400,
        costMs: Math.round(reply.elapsedTime),
        at,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'operation log not written');
    }
  };
  scope.addHook('onRoute', (route) => {
    const def = (route.config as { icsRoute?: RouteDef } | undefined)?.icsRoute;
    if (def && NOT_LOGGED.has(def)) return;
    const methods = ([] as string[]).concat(route.method);
    if (!(def && OPERATION_LOG_KEYS.has(def)) && methods.every((m) => READING.has(m))) return;
    const existing = route.onResponse;
    route.onResponse = [
      ...(existing ? ([] as unknown[]).concat(existing) : []),
      log,
    ] as typeof route.onResponse;
  });
}
