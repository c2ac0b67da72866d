import { announcementRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/** Revokes a published announcement (status 2). */
export function revokeAnnouncement(id: string) {
  return call(announcementRoutes.revoke, { query: { id } });
}
