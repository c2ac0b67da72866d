import { crudOperations, crudRoutes } from '../../crud-routes';
import type { Page } from '../../envelope';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type {
  announcementCrudSchemas,
  announcementIdQuerySchema,
  announcementOptionalIdBodySchema,
  announcementOptionalIdQuerySchema,
  announcementReadBodySchema,
  myAnnouncementQuerySchema,
  syncNoticQuerySchema,
} from './announcement.schemas';

/** Authorisation marks of the announcement pages (`/system/announcement`). */
export const ANNOUNCEMENT_MARKS = marks.system.announcement;

export type AnnouncementPriority = 'L' | 'M' | 'H';
/** '1' announcement, '2' system message. */
export type AnnouncementCategory = '1' | '2';
/** ALL goes to everyone, USER to the listed users. */
export type AnnouncementMsgType = 'ALL' | 'USER';
/** '0' draft, '1' published, '2' revoked. */
export type AnnouncementSendStatus = '0' | '1' | '2';
export type AnnouncementOpenType = 'url' | 'component';

/** An announcement as upstream names it (including the misspelt `titile`). Dates are `yyyy-MM-dd HH:mm:ss`, GMT+8. */
export type Announcement = {
  id: string;
  titile: string;
  /** Sanitised HTML. */
  msgContent: string | null;
  msgAbstract: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  priority: AnnouncementPriority;
  priority_dictText: string;
  msgCategory: AnnouncementCategory;
  msgCategory_dictText: string;
  msgType: AnnouncementMsgType;
  sendStatus: AnnouncementSendStatus;
  sendStatus_dictText: string;
  sendTime: string | null;
  cancelTime: string | null;
  busType: string | null;
  busId: string | null;
  openType: AnnouncementOpenType | null;
  openPage: string | null;
  /** Addressees of a USER message, "id1,id2," (trailing comma as upstream). */
  userIds: string | null;
  delFlag: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

/** The header bell: the newest unread (at most 5 per category) and the unread totals. */
export type UserAnnouncements = {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
};

/** One row of the caller's own announcements (`/isps/userAnnouncement`). */
export type AnnouncementSendRecord = {
  /** Id of the send row. */
  id: string;
  anntId: string;
  userId: string;
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  sender: string | null;
  priority: AnnouncementPriority;
  priority_dictText: string;
  msgCategory: AnnouncementCategory;
  msgCategory_dictText: string;
  sendTime: string | null;
  /** '0' unread, '1' read. */
  readFlag: '0' | '1';
  readTime: string | null;
  busType: string | null;
  busId: string | null;
  openType: AnnouncementOpenType | null;
  openPage: string | null;
};

export type AnnouncementReadStats = { total: number; read: number; unread: number };

const tag = 'announcement';
const base = '/sys/annountCement';

const announcements = crudRoutes<
  typeof announcementCrudSchemas,
  { list: Page<Announcement>; queryById: Announcement; add: Announcement; edit: Announcement }
>({ base, tag, marks: ANNOUNCEMENT_MARKS, name: ['an announcement', 'announcements'] });

/** Publishing or revoking one announcement, its id in the query or the body (as upstream consoles send it). */
const publishing = (action: string, summary: string) =>
  defineRoute<
    Announcement,
    typeof announcementOptionalIdBodySchema,
    typeof announcementOptionalIdQuerySchema
  >({
    method: 'GET',
    alsoMethods: ['PUT'],
    path: `${base}/${action}`,
    access: mark(ANNOUNCEMENT_MARKS.publish),
    summary,
    tag,
  });

export const announcementRoutes = {
  ...announcements(crudOperations, {
    list: { summary: 'Announcements, paged, filtered by titile, msgCategory, sendStatus' },
    exportXls: { summary: 'Export announcements (same filters and sort as the list, every page) as .xlsx' },
    queryById: {
      access: 'authenticated',
      summary: `One announcement: any with ${ANNOUNCEMENT_MARKS.list}, else only a published one the caller received`,
    },
    add: { summary: 'Create a draft (HTML content is sanitised)' },
    edit: { summary: 'Change a draft' },
    delete: { summary: 'Delete an announcement (it disappears from every user’s lists)' },
    deleteBatch: { summary: 'Delete several announcements (?ids=a,b,)' },
  }),
  release: publishing('doReleaseData', 'Publish: status 1, send time, sender; pushed over the WebSocket'),
  revoke: publishing('doReovkeData', 'Revoke a published announcement: status 2, cancel time'),
  readStats: defineRoute<AnnouncementReadStats, undefined, typeof announcementIdQuerySchema>({
    method: 'GET',
    path: `${base}/readStats`,
    access: mark(ANNOUNCEMENT_MARKS.list),
    summary: 'How many addressees have read a published announcement',
    tag,
  }),
  listByUser: defineRoute<UserAnnouncements>({
    method: 'GET',
    path: `${base}/listByUser`,
    access: 'authenticated',
    summary: 'Unread announcements and system messages of the caller (newest 5 each, and totals)',
    tag,
  }),
  markRead: defineRoute<null, typeof announcementReadBodySchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    access: 'authenticated',
    summary: 'Mark one announcement read for the caller',
    tag,
  }),
  mine: defineRoute<Page<AnnouncementSendRecord>, undefined, typeof myAnnouncementQuerySchema>({
    method: 'GET',
    path: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    access: 'authenticated',
    summary: 'The caller’s announcements with their read state, paged',
    tag,
  }),
  readAll: defineRoute<null>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/sysAnnouncementSend/readAll',
    access: 'authenticated',
    summary: 'Mark all of the caller’s announcements read',
    tag,
  }),
  syncNotic: defineRoute<null, undefined, typeof syncNoticQuerySchema>({
    method: 'GET',
    path: `${base}/syncNotic`,
    access: 'authenticated',
    summary:
      'Make bells reload: those of an announcement’s audience (anntId; needs system:announcement:publish), else the caller’s own',
    tag,
  }),
} as const;
