/** Query keys of the permission module's cached queries (invalidating a prefix reloads all below it). */
export const permissionKeys = {
  menus: ['permission', 'menus'] as const,
  dataRules: (permissionId: string) => ['permission', 'data-rules', permissionId] as const,
};
