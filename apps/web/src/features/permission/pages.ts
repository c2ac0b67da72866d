/** Lazy entry points of the permission module's pages (one chunk each). */
export const permissionListPage = () => import('./components/permission-list-page');
