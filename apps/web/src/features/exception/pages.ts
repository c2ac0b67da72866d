/** Lazy entry points of the console's error pages (one chunk each). */
export const notFoundPage = () => import('./components/not-found-page');
