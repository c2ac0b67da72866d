/** Lazy entry points of the department module's pages (one chunk each). */
export const departPage = () => import('./components/depart-page');
