import { departRoutes, type RouteBody } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { departKeys } from './keys';

export function addDepart(body: RouteBody<typeof departRoutes.add>) {
  return call(departRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editDepart(body: RouteBody<typeof departRoutes.edit>) {
  return call(departRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

const departs = () => [departKeys.departs];

/** Adds a department; the tree and the search results load again. */
export const useAddDepart = () => useInvalidatingMutation(addDepart, departs);

/** Edits (or moves) a department; the tree and the search results load again. */
export const useEditDepart = () => useInvalidatingMutation(editDepart, departs);
