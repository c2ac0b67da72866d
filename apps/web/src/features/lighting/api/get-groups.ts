import { groupRoutes } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryFetcher } from '../../../shared/lib/http';
import { groupQueries, lightingKeys } from './keys';

export const getGroups = queryFetcher(groupRoutes.list);

/** Every group, to choose one as a control target. */
export const useGroupOptions = (enabled: boolean) =>
  useQuery({
    queryKey: lightingKeys.groupOptions,
    queryFn: () => getGroups({ pageNo: 1, pageSize: 1000 }),
    enabled,
  });

/** Loads the group list and the group choices again (after a group was deleted through its row). */
export function useRefreshGroups() {
  const client = useQueryClient();
  return () => Promise.all(groupQueries().map((queryKey) => client.invalidateQueries({ queryKey })));
}
