/** Query keys of the department module's cached queries (invalidating a prefix reloads all below it). */
export const departKeys = {
  /** The tree and the search results: what adding, editing or deleting a department changes. */
  departs: ['depart', 'departs'] as const,
  tree: ['depart', 'departs', 'tree'] as const,
  search: (keyword: string) => ['depart', 'departs', 'search', keyword] as const,
  permissions: (departId: string | null) => ['depart', 'permissions', departId] as const,
  users: (departId: string) => ['depart', 'users', departId] as const,
  roles: (departId: string) => ['depart', 'roles', departId] as const,
  roleTree: (departId: string) => ['depart', 'role-tree', departId] as const,
  rolePermissions: (roleId: string | undefined) => ['depart', 'role-permissions', roleId] as const,
  userRoles: (userId: string | undefined, departId: string) =>
    ['depart', 'user-roles', userId, departId] as const,
};
