/** Query keys of the role module's cached queries. */
export const roleKeys = {
  all: ['role', 'all'] as const,
  permissionTree: ['role', 'permission-tree'] as const,
  permissions: (roleId: string | undefined) => ['role', 'permissions', roleId] as const,
  dataRules: (roleId: string, permissionId: string | undefined) =>
    ['role', 'data-rules', roleId, permissionId] as const,
};
