/** Lazy entry points of the help module's pages (one chunk each). */
export const helpPage = () => import('./components/help-page');
