import { envRoutes } from '@ics/contract';
import { listKey } from '../../../shared/ui/list-page';

/** Query keys of the environment module's cached queries. */
export const envKeys = {
  thresholds: (projectId: string, sensorId: string) => ['env', 'thresholds', projectId, sensorId] as const,
  sensorOptions: ['env', 'sensor-options'] as const,
  history: (query: Record<string, string>) => ['env', 'history', query] as const,
};

/** What a change to thresholds makes stale: the drawer's thresholds and the sensor list. */
export const thresholdQueries = (projectId: string) => [
  ['env', 'thresholds', projectId] as const,
  listKey(envRoutes.sensors),
];
