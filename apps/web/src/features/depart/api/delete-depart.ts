import { departRoutes } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** Deletes a department; refusals (users or sub-departments left) reject with the server's message. */
export function deleteDepart(id: string) {
  return call(departRoutes.delete, { query: { id } }, { silentStatuses: [400, 403, 409] });
}

/** Deletes a department; the tree and the search results load again. */
export const useDeleteDepart = () => useInvalidatingMutation(deleteDepart, () => [departKeys.departs]);
