import { userRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { useListMutation } from '../../../shared/ui/list-page';

type Freeze = { ids: string[]; status: 1 | 2 };

/** Freezes (2) or unfreezes (1) users; admin accounts are refused with 403 and the server's message. */
export function freezeUsers({ ids, status }: Freeze) {
  return call(
    userRoutes.frozenBatch,
    { body: { ids: ids.join(','), status } },
    { silentStatuses: [400, 403] },
  );
}

/** Freezes or unfreezes users; the user list loads again. */
export const useFreezeUsers = () => useListMutation(freezeUsers, userRoutes.list);
