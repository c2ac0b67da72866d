export { useAllRoles } from './api/get-all-roles';
export { usePermissionTree } from './api/get-permission-tree';
export { RoleFields } from './components/role-fields';
