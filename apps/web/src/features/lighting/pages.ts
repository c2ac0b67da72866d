/** Lazy entry points of the lighting module's pages (one chunk each). */
export const lampListPage = () => import('./components/lamp-list-page');
export const groupListPage = () => import('./components/group-list-page');
export const cabinetListPage = () => import('./components/cabinet-list-page');
export const strategyListPage = () => import('./components/strategy-list-page');

/** The GIS map (`/gis/*`). */
export const gisPage = () => import('./components/gis-page');

/** Starts loading the map's poles while the console starts; the map page takes them when it mounts. */
export const preloadMapPoles = () => import('./api/get-map-poles').then((m) => m.preloadPoleSet());
