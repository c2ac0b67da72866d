export { getPoleDetail } from './api/get-pole-detail';
export { lightingTiles } from './dashboard-tiles';
export { useProjects } from './hooks/use-projects';
