import { groupRoutes } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call, unwrap } from '../../../shared/lib/http';
import { groupQueries, lightingKeys } from './keys';

type Members = { groupId: string; lampIds: string[] };

export async function addGroupLamps({ groupId, lampIds }: Members): Promise<void> {
  unwrap(await call(groupRoutes.addLamps, { body: { groupId, lampIds } }));
}

export async function removeGroupLamps({ groupId, lampIds }: Members): Promise<void> {
  unwrap(await call(groupRoutes.removeLamps, { body: { groupId, lampIds } }));
}

/** A group's members and its lamp count (in the group list and the choices) change. */
const membersChanged = ({ groupId }: Members) => [lightingKeys.groupLamps(groupId), ...groupQueries()];

/** Adds lamps to a group; its members, the group list and the choices load again. */
export const useAddGroupLamps = () => useInvalidatingMutation(addGroupLamps, membersChanged);

/** Takes lamps out of a group; its members, the group list and the choices load again. */
export const useRemoveGroupLamps = () => useInvalidatingMutation(removeGroupLamps, membersChanged);
