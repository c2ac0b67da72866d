/** Lazy entry points of the device module's pages (one chunk each). */
export const gatewayListPage = () => import('./components/gateway-list-page');
export const poleListPage = () => import('./components/pole-list-page');
export const commandLogPage = () => import('./components/command-log-page');

/** The device test console (`/test/TestSpecial`). */
export const testConsolePage = () => import('./components/test-console-page');
