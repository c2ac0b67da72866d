import { z } from 'zod';
import { type Page, pageQuerySchema } from '../../envelope';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';

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

/**
 * Detail components an announcement of openType `component` may open (its openPage), each
 * shown with the announcement's busId. The console registers a view under each name.
 */
export const ANNOUNCEMENT_COMPONENTS = ['system/UserDetail'] as const;
export type AnnouncementComponent = (typeof ANNOUNCEMENT_COMPONENTS)[number];

/** An http(s) address, or a console path such as `/lighting/lamp` (not `//host`). */
export const OPEN_PAGE_URL = /^(https?:\/\/[^\s/]+\S*|\/(?!\/)[^\s]*)$/i;

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

/** `yyyy-MM-dd[ HH:mm[:ss]]` (GMT+8) or an ISO date-time with its offset. */
const dateTime = z
  .union([
    z.literal(''),
    z
      .string()
      .regex(
        /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/,
        'form.date_time.invalid',
      ),
  ])
  .nullish()
  .transform((v) => v || null);

const optionalText = (max: number) =>
  z
    .string()
    .max(max, 'form.too_long')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/** Upstream sends "id1,id2," (trailing comma); an array is accepted as well. */
const userIds = z
  .union([z.string().max(40_000), z.array(z.string().min(1).max(64)).max(5_000)])
  .nullish()
  .transform((v) => {
    const list = Array.isArray(v) ? v : (v ?? '').split(',');
    return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  });

const announcementFields = {
  titile: z
    .string({ error: 'form.titile.required' })
    .trim()
    .min(1, 'form.titile.required')
    .max(200, 'form.too_long'),
  msgContent: z
    .string()
    .max(1_000_000, 'form.too_long')
    .nullish()
    .transform((v) => v ?? null),
  msgAbstract: optionalText(500),
  startTime: dateTime,
  endTime: dateTime,
  priority: z.enum(['L', 'M', 'H']).default('M'),
  msgCategory: z.enum(['1', '2']).default('1'),
  msgType: z.enum(['ALL', 'USER']).default('ALL'),
  userIds,
  openType: z
    .enum(['url', 'component', ''], { error: 'form.open_type.invalid' })
    .nullish()
    .transform((v) => v || null),
  openPage: optionalText(500),
  busType: optionalText(64),
  busId: optionalText(64),
};

type Fields = {
  msgType: AnnouncementMsgType;
  userIds: string[];
  openType: AnnouncementOpenType | null;
  openPage: string | null;
  busId: string | null;
};

/** The problem (a form message key) of an announcement's open fields, or undefined. */
export function openPageProblem(
  v: Pick<Fields, 'openType' | 'openPage' | 'busId'>,
): { field: 'openPage' | 'busId'; message: string } | undefined {
  if (!v.openType) return undefined;
  if (!v.openPage) return { field: 'openPage', message: 'form.open_page.required' };
  if (v.openType === 'url')
    return OPEN_PAGE_URL.test(v.openPage) ? undefined : { field: 'openPage', message: 'form.open_page.url' };
  if (!(ANNOUNCEMENT_COMPONENTS as readonly string[]).includes(v.openPage))
    return { field: 'openPage', message: 'form.open_page.component' };
  if (!v.busId) return { field: 'busId', message: 'form.bus_id.required' };
  return undefined;
}

const checkFields = (value: Fields, ctx: z.RefinementCtx) => {
  if (value.msgType === 'USER' && value.userIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'form.recipients.required' });
  const open = openPageProblem(value);
  if (open) ctx.addIssue({ code: 'custom', path: [open.field], message: open.message });
};

export const announcementAddSchema = z.object(announcementFields).superRefine(checkFields);
export const announcementEditSchema = z
  .object({ id: z.string().min(1).max(64), ...announcementFields })
  .superRefine(checkFields);

export const announcementListQuerySchema = pageQuerySchema.extend({
  /** Contains-match; jeecg's `*x*` form is accepted too. */
  titile: z.string().max(200).optional(),
  msgCategory: z.enum(['1', '2', '']).optional(),
  sendStatus: z.enum(['0', '1', '2', '']).optional(),
  msgType: z.enum(['ALL', 'USER', '']).optional(),
});

export const announcementIdQuerySchema = z.object({
  id: z.string().min(1).max(64),
  _t: z.coerce.number().optional(),
});
export const announcementIdsQuerySchema = z.object({ ids: z.string().min(1).max(40_000) });
/** doReleaseData/doReovkeData: upstream sends GET ?id=, the spec's console PUT with `{id}` (body or query). */
export const announcementOptionalIdQuerySchema = z.object({ id: z.string().min(1).max(64).optional() });
export const announcementOptionalIdBodySchema = z
  .object({ id: z.string().min(1).max(64).optional() })
  .nullish();

export const announcementReadBodySchema = z.object({ anntId: z.string().min(1).max(64) });

export const myAnnouncementQuerySchema = pageQuerySchema.extend({
  titile: z.string().max(200).optional(),
  msgCategory: z.enum(['1', '2', '']).optional(),
  readFlag: z.enum(['0', '1', '']).optional(),
});

const tag = 'announcement';
const base = '/sys/annountCement';

export const announcementRoutes = {
  list: defineRoute<Page<Announcement>, undefined, typeof announcementListQuerySchema>({
    method: 'GET',
    path: `${base}/list`,
    access: mark(ANNOUNCEMENT_MARKS.list),
    summary: 'Announcements, paged, filtered by titile, msgCategory, sendStatus',
    tag,
    query: announcementListQuerySchema,
  }),
  exportXls: defineRoute<null, undefined, typeof announcementListQuerySchema>({
    method: 'GET',
    path: `${base}/exportXls`,
    access: mark(ANNOUNCEMENT_MARKS.export),
    summary: 'Export announcements (same filters and sort as the list, every page) as .xlsx',
    tag,
    query: announcementListQuerySchema,
  }),
  queryById: defineRoute<Announcement, undefined, typeof announcementIdQuerySchema>({
    method: 'GET',
    path: `${base}/queryById`,
    access: 'authenticated',
    summary: `One announcement: any with ${ANNOUNCEMENT_MARKS.list}, else only a published one the caller received`,
    tag,
    query: announcementIdQuerySchema,
  }),
  add: defineRoute<Announcement, typeof announcementAddSchema>({
    method: 'POST',
    path: `${base}/add`,
    access: mark(ANNOUNCEMENT_MARKS.add),
    summary: 'Create a draft (HTML content is sanitised)',
    tag,
    body: announcementAddSchema,
  }),
  edit: defineRoute<Announcement, typeof announcementEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: `${base}/edit`,
    access: mark(ANNOUNCEMENT_MARKS.edit),
    summary: 'Change a draft',
    tag,
    body: announcementEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof announcementIdQuerySchema>({
    method: 'DELETE',
    path: `${base}/delete`,
    access: mark(ANNOUNCEMENT_MARKS.delete),
    summary: 'Delete an announcement (it disappears from every user’s lists)',
    tag,
    query: announcementIdQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof announcementIdsQuerySchema>({
    method: 'DELETE',
    path: `${base}/deleteBatch`,
    access: mark(ANNOUNCEMENT_MARKS.delete),
    summary: 'Delete several announcements (?ids=a,b,)',
    tag,
    query: announcementIdsQuerySchema,
  }),
  release: defineRoute<
    Announcement,
    typeof announcementOptionalIdBodySchema,
    typeof announcementOptionalIdQuerySchema
  >({
    method: 'GET',
    alsoMethods: ['PUT'],
    path: `${base}/doReleaseData`,
    access: mark(ANNOUNCEMENT_MARKS.publish),
    summary: 'Publish: status 1, send time, sender; pushed over the WebSocket',
    tag,
    query: announcementOptionalIdQuerySchema,
    body: announcementOptionalIdBodySchema,
  }),
  revoke: defineRoute<
    Announcement,
    typeof announcementOptionalIdBodySchema,
    typeof announcementOptionalIdQuerySchema
  >({
    method: 'GET',
    alsoMethods: ['PUT'],
    path: `${base}/doReovkeData`,
    access: mark(ANNOUNCEMENT_MARKS.publish),
    summary: 'Revoke a published announcement: status 2, cancel time',
    tag,
    query: announcementOptionalIdQuerySchema,
    body: announcementOptionalIdBodySchema,
  }),
  readStats: defineRoute<AnnouncementReadStats, undefined, typeof announcementIdQuerySchema>({
    method: 'GET',
    path: `${base}/readStats`,
    access: mark(ANNOUNCEMENT_MARKS.list),
    summary: 'How many addressees have read a published announcement',
    tag,
    query: announcementIdQuerySchema,
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
    body: announcementReadBodySchema,
  }),
  mine: defineRoute<Page<AnnouncementSendRecord>, undefined, typeof myAnnouncementQuerySchema>({
    method: 'GET',
    path: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    access: 'authenticated',
    summary: 'The caller’s announcements with their read state, paged',
    tag,
    query: myAnnouncementQuerySchema,
  }),
  readAll: defineRoute<null>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/sysAnnouncementSend/readAll',
    access: 'authenticated',
    summary: 'Mark all of the caller’s announcements read',
    tag,
  }),
} as const;
