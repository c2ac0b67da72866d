import { userRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { allowLargeJson } from '../../http/large-json';
import { replyXlsx } from '../../http/list-query';
import { answerKey, type ResponseCache } from '../../http/response-cache';
import { type AccessGuard, addRoute, requireAnyMark, withMessage } from '../../http/routes';
import { saveImage } from '../../http/uploaded-image';
import { USER_RESOURCE } from './user.repository';
import type { UserService } from './user.service';

const MAX_AVATAR = 2 * 1024 * 1024;

/** Where avatars are stored and the path the API is served under. */
export type AvatarConfig = { dataDir: string; basePath: string };

export function registerUserRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  users: UserService,
  listAnswers: ResponseCache,
  config: AvatarConfig,
): void {
  // Served from the list-answer cache, which every write clears (see ResponseCache).
  addRoute(app, guard, routes.list, (ctx) =>
    listAnswers.answer(answerKey(routes.list.path, ctx.caller!, ctx.lang, ctx.query), () =>
      users.list(ctx.caller!, ctx.query, ctx.lang),
    ),
  );
  addRoute(app, guard, routes.queryById, (ctx) => users.get(ctx.caller!, ctx.query.id, ctx.lang));
  addRoute(app, guard, routes.add, async (ctx) =>
    withMessage(await users.add(ctx.caller!, ctx.body), 'system.add_ok'),
  );
  addRoute(app, guard, routes.edit, async (ctx) => {
    await users.edit(ctx.caller!, ctx.body);
    return withMessage(null, 'system.edit_ok');
  });
  addRoute(app, guard, routes.delete, async (ctx) => {
    await users.delete(ctx.caller!, [ctx.query.id]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteBatch, async (ctx) => {
    await users.delete(ctx.caller!, splitIds(ctx.query.ids));
    return withMessage(null, 'system.batch_delete_ok');
  });
  addRoute(app, guard, routes.frozenBatch, async (ctx) => {
    await users.setStatus(ctx.caller!, splitIds(ctx.body.ids), ctx.body.status);
    return null;
  });
  addRoute(app, guard, routes.changePassword, async (ctx) => {
    await users.resetPassword(ctx.caller!, ctx.body.username, ctx.body.password);
    return withMessage(null, 'auth.password_reset');
  });
  addRoute(app, guard, routes.queryUserRole, (ctx) => users.roleIds(ctx.caller!, ctx.query.userid));
  addRoute(app, guard, routes.checkOnlyUser, async (ctx) => {
    await users.assertFree(ctx.query);
    return withMessage(true, 'system.user.available');
  });
  addRoute(app, guard, routes.queryUserByDepId, (ctx) => users.byDepart(ctx.caller!, ctx.query.id));
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await users.exportRows(ctx.caller!, ctx.query, ctx.lang);
    await replyXlsx(ctx.reply, ctx.lang, USER_RESOURCE, rows, { 'zh-CN': '用户列表', 'en-US': 'users' });
    return null;
  });
  // Avatars come as data URLs: this scope takes JSON bodies up to 3 MB.
  app.register(async (uploads) => {
    allowLargeJson(uploads);
    addRoute(uploads, guard, routes.avatar, async (ctx) => {
      await requireAnyMark(guard, ctx.caller!, ['system:user:add', 'system:user:edit']);
      const name = await saveImage(config.dataDir, 'avatar', ctx.body.file, MAX_AVATAR);
      return withMessage(
        { path: name, url: `${config.basePath}/sys/common/static/${name}` },
        'system.upload_ok',
      );
    });
  });
}
