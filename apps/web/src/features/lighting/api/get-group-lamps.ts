import { type DeviceDto, groupRoutes, type Page } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { lightingKeys } from './keys';

/** Lamps per page of the members table. */
export const GROUP_LAMPS_PAGE_SIZE = 20;

/** One page of a group's lamps. */
export async function getGroupLamps(groupId: string, pageNo: number): Promise<Page<DeviceDto>> {
  return unwrap(
    await call(groupRoutes.lamps, { query: { groupId, pageNo, pageSize: GROUP_LAMPS_PAGE_SIZE } }),
  );
}

export function useGroupLamps(groupId: string, page: number) {
  return useQuery({
    queryKey: lightingKeys.groupLampsPage(groupId, page),
    queryFn: () => getGroupLamps(groupId, page),
  });
}
