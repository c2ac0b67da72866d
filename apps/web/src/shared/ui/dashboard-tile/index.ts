export { type DashboardTile, dashboardTiles, registerDashboardTiles } from './registry';
