import { announcementRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/** Publishes a draft (status 1, pushed to the addressees). */
export function publishAnnouncement(id: string) {
  return call(announcementRoutes.release, { query: { id } });
}
