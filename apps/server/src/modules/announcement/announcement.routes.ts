import { ANNOUNCEMENT_MARKS, type Announcement, announcementRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { replyXlsx } from '../../http/list-query';
import { type AccessGuard, addRoute, withMessage } from '../../http/routes';
import { AppError } from '../../lib/errors';
import { translate } from '../../lib/messages';
import type { AnnouncementService } from './announcement.service';

/** The id of doReleaseData/doReovkeData: `?id=` (upstream GET) or `{id}` (the console's PUT). */
function releaseId(query: { id?: string | undefined }, body: { id?: string | undefined } | null | undefined) {
  const id = query.id ?? body?.id;
  if (!id) throw new AppError(400, 'announcement.id_required');
  return id;
}

/** Columns of the export, with the list's texts (dictionary texts in the request language). */
const EXPORT_COLUMNS = {
  columns: {
    titile: { column: 'titile', title: ['标题', 'Title'] },
    msgCategory: { column: 'msgCategory', title: ['消息类型', 'Category'] },
    priority: { column: 'priority', title: ['优先级', 'Priority'] },
    msgType: { column: 'msgType', title: ['通告对象', 'Recipients'] },
    sender: { column: 'sender', title: ['发布人', 'Sender'] },
    sendStatus: { column: 'sendStatus', title: ['发布状态', 'Status'] },
    sendTime: { column: 'sendTime', title: ['发布时间', 'Published'] },
    cancelTime: { column: 'cancelTime', title: ['撤销时间', 'Revoked'] },
    createTime: { column: 'createTime', title: ['创建时间', 'Created'] },
  },
} as const;

function exportRow(a: Announcement, lang: Parameters<typeof translate>[0]): Record<string, unknown> {
  return {
    ...a,
    msgCategory: a.msgCategory_dictText,
    priority: a.priority_dictText,
    msgType: translate(lang, a.msgType === 'ALL' ? 'announcement.to_all' : 'announcement.to_users'),
    sendStatus: a.sendStatus_dictText,
  };
}

export function registerAnnouncementRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  announcements: AnnouncementService,
): void {
  addRoute(app, guard, routes.list, (ctx) => {
    const { pageNo, pageSize, column, order, titile, msgCategory, sendStatus, msgType } = ctx.query;
    return announcements.list(
      { titile, msgCategory, sendStatus, msgType },
      { column, order },
      pageNo,
      pageSize,
      ctx.lang,
    );
  });

  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const { column, order, titile, msgCategory, sendStatus, msgType } = ctx.query;
    const rows = await announcements.exportRows(
      { titile, msgCategory, sendStatus, msgType },
      { column, order },
      ctx.lang,
    );
    await replyXlsx(
      ctx.reply,
      ctx.lang,
      EXPORT_COLUMNS,
      rows.map((a) => exportRow(a, ctx.lang)),
      { 'zh-CN': '通知公告', 'en-US': 'announcements' },
    );
    return null;
  });

  addRoute(app, guard, routes.queryById, async (ctx) => {
    const caller = ctx.caller!;
    // Administrators see any announcement; everyone else only what they received.
    return (await guard.hasMark(caller, ANNOUNCEMENT_MARKS.list))
      ? announcements.get(ctx.query.id, ctx.lang)
      : announcements.getForRecipient(ctx.query.id, caller.userId, ctx.lang);
  });

  addRoute(app, guard, routes.add, (ctx) => announcements.add(ctx.body, ctx.caller!, ctx.lang));

  addRoute(app, guard, routes.edit, (ctx) => {
    const { id, ...input } = ctx.body;
    return announcements.edit(id, input, ctx.caller!, ctx.lang);
  });

  addRoute(app, guard, routes.delete, async (ctx) => {
    await announcements.remove([ctx.query.id], ctx.caller!);
    return withMessage(null, 'announcement.deleted');
  });

  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    const ids = [...new Set(ctx.query.ids.split(',').map((s) => s.trim()))].filter(Boolean);
    if (ids.length === 0) throw new AppError(400, 'announcement.id_required');
    await announcements.remove(ids, ctx.caller!);
    return withMessage(null, 'announcement.deleted');
  });

  addRoute(app, guard, routes.release, async (ctx) => {
    const { announcement, pushError } = await announcements.release(
      releaseId(ctx.query, ctx.body),
      ctx.caller!,
      ctx.lang,
    );
    if (pushError)
      ctx.request.log.warn({ err: pushError, anntId: announcement.id }, 'announcement push failed');
    return withMessage(announcement, 'announcement.released');
  });

  addRoute(app, guard, routes.revoke, async (ctx) =>
    withMessage(await announcements.revoke(releaseId(ctx.query, ctx.body), ctx.lang), 'announcement.revoked'),
  );

  // Jeecg consoles call this after a revocation (everyone's bell) and after reading (their own).
  addRoute(app, guard, routes.syncNotic, async (ctx) => {
    const { anntId } = ctx.query;
    const publisher = await guard.hasMark(ctx.caller!, ANNOUNCEMENT_MARKS.publish);
    const { pushError } =
      anntId && publisher
        ? await announcements.syncAudience(anntId, ctx.lang)
        : await announcements.syncOwn(ctx.caller!.userId, anntId || undefined);
    if (pushError) ctx.request.log.warn({ err: pushError, anntId }, 'announcement push failed');
    return null;
  });

  addRoute(app, guard, routes.readStats, (ctx) => announcements.readStats(ctx.query.id));

  addRoute(app, guard, routes.listByUser, (ctx) => announcements.listByUser(ctx.caller!.userId, ctx.lang));

  addRoute(app, guard, routes.markRead, async (ctx) => {
    await announcements.markRead(ctx.body.anntId, ctx.caller!.userId);
    return withMessage(null, 'announcement.read');
  });

  addRoute(app, guard, routes.mine, (ctx) => {
    const { pageNo, pageSize, titile, msgCategory, readFlag } = ctx.query;
    return announcements.received(
      ctx.caller!.userId,
      { titile, msgCategory, readFlag },
      pageNo,
      pageSize,
      ctx.lang,
    );
  });

  addRoute(app, guard, routes.readAll, async (ctx) => {
    await announcements.markAllRead(ctx.caller!.userId);
    return withMessage(null, 'announcement.read_all');
  });
}
