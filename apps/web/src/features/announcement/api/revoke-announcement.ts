import { announcementRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';
import { useListMutation } from '../../../shared/ui/list-page';

/** Revokes a published announcement (status 2). */
export function revokeAnnouncement(id: string) {
  return call(announcementRoutes.revoke, { query: { id } });
}

/** Revokes an announcement; the announcement list loads again. */
export const useRevokeAnnouncement = () => useListMutation(revokeAnnouncement, announcementRoutes.list);
