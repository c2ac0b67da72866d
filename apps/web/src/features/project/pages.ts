/** Lazy entry points of the project module's pages (one chunk each). */
export const projectListPage = () => import('./components/project-list-page');
