import { type GroupDto, groupRoutes, type Page, type RouteQuery } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { groupQueries, lightingKeys } from './keys';

export async function getGroups(query: RouteQuery<typeof groupRoutes.list>): Promise<Page<GroupDto>> {
  return unwrap(await call(groupRoutes.list, { query }));
}

/** Every group, to choose one as a control target. */
export function useGroupOptions(enabled: boolean) {
  return useQuery({
    queryKey: lightingKeys.groupOptions,
    queryFn: () => getGroups({ pageNo: 1, pageSize: 1000 }),
    enabled,
  });
}

/** Loads the group list and the group choices again (after a group was deleted through its row). */
export function useRefreshGroups() {
  const client = useQueryClient();
  return () => Promise.all(groupQueries().map((queryKey) => client.invalidateQueries({ queryKey })));
}
