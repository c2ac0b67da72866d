import { announcementRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';

export function addAnnouncement(body: RouteBody<typeof announcementRoutes.add>) {
  return call(announcementRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editAnnouncement(body: RouteBody<typeof announcementRoutes.edit>) {
  return call(announcementRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}
