import { announcementRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { useListMutation } from '../../../shared/ui/list-page';

/** Publishes a draft (status 1, pushed to the addressees). */
export function publishAnnouncement(id: string) {
  return call(announcementRoutes.release, { query: { id } });
}

/** Publishes a draft; the announcement list loads again. */
export const usePublishAnnouncement = () => useListMutation(publishAnnouncement, announcementRoutes.list);
