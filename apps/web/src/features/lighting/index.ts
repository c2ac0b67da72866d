export { getPoleDetail } from './api/get-pole-detail';
export { NoProjectNotice } from './components/no-project-notice';
export { lightingTiles } from './dashboard-tiles';
export { useProjects } from './hooks/use-projects';
