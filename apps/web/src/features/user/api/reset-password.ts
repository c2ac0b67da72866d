import { type RouteBody, userRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function resetPassword(body: RouteBody<typeof userRoutes.changePassword>) {
  return call(userRoutes.changePassword, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
