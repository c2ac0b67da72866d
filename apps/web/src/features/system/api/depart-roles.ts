import { departRoutes, type RouteBody } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function addDepartRole(body: RouteBody<typeof departRoutes.roleAdd>) {
  return call(departRoutes.roleAdd, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDepartRole(body: RouteBody<typeof departRoutes.roleEdit>) {
  return call(departRoutes.roleEdit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Every role of one department (for assigning them to its users). */
export async function fetchDepartRoles(departId: string) {
  const page = unwrap(
    await call(departRoutes.roleList, {
      query: { deptId: departId, pageNo: 1, pageSize: 1000, column: 'roleName', order: 'asc' },
    }),
  );
  return page.records;
}

/** The permissions a department may hand on, as a tree. */
export async function fetchDepartRoleTree(departId: string) {
  return unwrap(await call(departRoutes.queryTreeListForDeptRole, { query: { departId } }));
}

export async function fetchDepartRolePermissions(roleId: string): Promise<string[]> {
  return unwrap(await call(departRoutes.queryDeptRolePermission, { query: { roleId } }));
}

export function saveDepartRolePermissions(roleId: string, permissionIds: string[], last: string[]) {
  return call(departRoutes.saveDeptRolePermission, {
    body: { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: last.join(',') },
  });
}

export async function fetchUserDepartRoles(userId: string, departId: string): Promise<string[]> {
  return unwrap(await call(departRoutes.roleUserQuery, { query: { userId, departId } }));
}

export function saveUserDepartRoles(userId: string, departId: string, roleIds: string[]) {
  return call(departRoutes.roleUserSave, { body: { userId, departId, roleIds: roleIds.join(',') } });
}
