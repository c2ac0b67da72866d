import { type EnvThresholdDto, envRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { envKeys } from './keys';

export async function getThresholds(projectId: string, sensorId: string): Promise<EnvThresholdDto[]> {
  return unwrap(await call(envRoutes.thresholds, { query: { projectId, sensorId } }));
}

/** The thresholds a sensor is held to: its own and its project's. */
export function useThresholds(sensor: { projectId: string; id: string } | null) {
  return useQuery({
    queryKey: envKeys.thresholds(sensor?.projectId ?? '', sensor?.id ?? ''),
    queryFn: () => getThresholds(sensor!.projectId, sensor!.id),
    enabled: sensor !== null,
  });
}
