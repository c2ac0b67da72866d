import { type EnvThresholdDto, envRoutes, type RouteBody, type RouteQuery } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call, unwrap } from '../../../shared/lib/http';
import { thresholdQueries } from './keys';

export type ThresholdBody = RouteBody<typeof envRoutes.thresholdSave>;

export async function saveThreshold(body: ThresholdBody): Promise<EnvThresholdDto> {
  return unwrap(await call(envRoutes.thresholdSave, { body }));
}

export async function deleteThreshold(
  input: RouteQuery<typeof envRoutes.thresholdDelete> & { projectId: string },
): Promise<void> {
  unwrap(await call(envRoutes.thresholdDelete, { query: { id: input.id } }));
}

/** Adds or changes a threshold; the project's thresholds and the sensor list load again. */
export const useSaveThreshold = () =>
  useInvalidatingMutation(saveThreshold, (b) => thresholdQueries(b.projectId));

/** Deletes a threshold; the project's thresholds and the sensor list load again. */
export const useDeleteThreshold = () =>
  useInvalidatingMutation(deleteThreshold, (v) => thresholdQueries(v.projectId));
