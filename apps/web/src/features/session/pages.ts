/**
 * Lazy entry points of the session module's pages (one chunk each). The sign-in pages render
 * before the query cache exists: their api/ files are plain fetchers without hooks.
 */
export const loginPage = () => import('./components/login-page');
export const registerPage = () => import('./components/register-page');
export const registerResultPage = () => import('./components/register-result-page');
export const alterationPage = () => import('./components/alteration-page');
