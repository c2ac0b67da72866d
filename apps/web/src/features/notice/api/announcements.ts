import { type Announcement, announcementRoutes, type UserAnnouncements } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Cache key of the bell's counts. */
export const USER_ANNOUNCEMENTS_KEY = ['notice', 'listByUser'] as const;
/** Cache key prefix of the user's announcement list page. */
export const MY_ANNOUNCEMENTS_KEY = ['notice', 'mine'] as const;

/** `GET /sys/annountCement/listByUser`: unread announcements and system messages with totals. */
export async function fetchUserAnnouncements(): Promise<UserAnnouncements> {
  return unwrap(await call(announcementRoutes.listByUser));
}

/** `PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId`: marks one announcement read. */
export async function markAnnouncementRead(anntId: string): Promise<void> {
  unwrap(await call(announcementRoutes.markRead, { body: { anntId } }));
}

/** `GET /sys/annountCement/queryById`. */
export async function fetchAnnouncement(id: string): Promise<Announcement> {
  return unwrap(await call(announcementRoutes.queryById, { query: { id } }));
}

export type MyAnnouncementFilter = {
  pageNo: number;
  pageSize: number;
  titile?: string;
  readFlag?: '0' | '1' | '';
};

/** `GET /sys/sysAnnouncementSend/getMyAnnouncementSend`: the user's announcements with read state. */
export async function fetchMyAnnouncements(filter: MyAnnouncementFilter) {
  return unwrap(await call(announcementRoutes.mine, { query: filter }));
}

/** `PUT /sys/sysAnnouncementSend/readAll`. */
export async function markAllRead(): Promise<void> {
  unwrap(await call(announcementRoutes.readAll));
}
