/** Lazy entry points of the home module's pages (one chunk each). */
export const analysisPage = () => import('./components/analysis-page');
