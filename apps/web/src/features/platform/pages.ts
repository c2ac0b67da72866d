/** Lazy entry points of the platform module's pages (one chunk each). */
export const platformSettingsPage = () => import('./components/platform-settings-page');
