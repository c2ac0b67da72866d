/** Lazy entry points of the log module's pages (one chunk each). */
export const logListPage = () => import('./components/log-list-page');
