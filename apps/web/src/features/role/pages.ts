/** Lazy entry points of the role module's pages (one chunk each). */
export const roleListPage = () => import('./components/role-list-page');
