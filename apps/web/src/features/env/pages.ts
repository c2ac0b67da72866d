/** Lazy entry points of the environment module's pages (one chunk each). */
export const sensorListPage = () => import('./components/sensor-list-page');
export const historyPage = () => import('./components/history-page');
