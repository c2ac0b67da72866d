import { userRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/** Freezes (2) or unfreezes (1) users; admin accounts are refused with 403 and the server's message. */
export function freezeUsers(ids: string[], status: 1 | 2) {
  return call(
    userRoutes.frozenBatch,
    { body: { ids: ids.join(','), status } },
    { silentStatuses: [400, 403] },
  );
}
