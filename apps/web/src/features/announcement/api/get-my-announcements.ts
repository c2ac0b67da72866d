import { announcementRoutes, type RouteQuery } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { announcementKeys } from './keys';

export type MyAnnouncementQuery = RouteQuery<typeof announcementRoutes.mine>;

/** `GET /sys/sysAnnouncementSend/getMyAnnouncementSend`: the user's announcements with read state. */
export async function getMyAnnouncements(query: MyAnnouncementQuery) {
  return unwrap(await call(announcementRoutes.mine, { query }));
}

/** One page of the user's announcements, read afresh on every visit. */
export function useMyAnnouncements(query: MyAnnouncementQuery) {
  return useQuery({
    queryKey: announcementKeys.minePage(query),
    queryFn: () => getMyAnnouncements(query),
    staleTime: 0,
  });
}
