import { type GroupDto, groupRoutes, type RouteBody } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call, unwrap } from '../../../shared/lib/http';
import { groupQueries } from './keys';

export async function addGroup(body: RouteBody<typeof groupRoutes.add>): Promise<GroupDto> {
  return unwrap(await call(groupRoutes.add, { body }));
}

export async function editGroup(body: RouteBody<typeof groupRoutes.edit>): Promise<GroupDto> {
  return unwrap(await call(groupRoutes.edit, { body }));
}

/** Adds a group; the group list and the lamp page's group choices load again. */
export const useAddGroup = () => useInvalidatingMutation(addGroup, groupQueries);

/** Edits a group; the group list and the lamp page's group choices load again. */
export const useEditGroup = () => useInvalidatingMutation(editGroup, groupQueries);
