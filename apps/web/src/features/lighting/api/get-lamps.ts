import { type DeviceDto, deviceListRoutes, type Page, type RouteQuery } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { lightingKeys } from './keys';

/** Lamps with their latest state (the device module's lamp list, read for choices). */
export async function getLamps(
  query: RouteQuery<(typeof deviceListRoutes)['lamp']>,
): Promise<Page<DeviceDto>> {
  return unwrap(await call(deviceListRoutes.lamp, { query }));
}

/** The first lamps of a project matching `keyword`, to add to a group. */
export function useLampSearch(projectId: string, keyword: string) {
  return useQuery({
    queryKey: lightingKeys.lampSearch(projectId, keyword),
    queryFn: () => getLamps({ pageNo: 1, pageSize: 50, projectId, keyword: keyword || undefined }),
  });
}
