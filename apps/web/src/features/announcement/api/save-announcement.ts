import { announcementRoutes, type RouteBody } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { useListMutation } from '../../../shared/ui/list-page';

export function addAnnouncement(body: RouteBody<typeof announcementRoutes.add>) {
  return call(announcementRoutes.add, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

export function editAnnouncement(body: RouteBody<typeof announcementRoutes.edit>) {
  return call(announcementRoutes.edit, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Adds a draft announcement; the announcement list loads again. */
export const useAddAnnouncement = () => useListMutation(addAnnouncement, announcementRoutes.list);

/** Edits a draft announcement; the announcement list loads again. */
export const useEditAnnouncement = () => useListMutation(editAnnouncement, announcementRoutes.list);
