/** Lazy entry points of the dictionary module's pages (one chunk each). */
export const dictListPage = () => import('./components/dict-list-page');
