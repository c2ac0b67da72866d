/** Lazy entry points of the translation module's pages (one chunk each). */
export const i18nListPage = () => import('./components/i18n-list-page');
