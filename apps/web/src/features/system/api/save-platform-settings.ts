import { platformRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function savePlatformSettings(body: RouteBody<typeof platformRoutes.update>) {
  return call(platformRoutes.update, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
