import { marks, userRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addCrudRoutes } from '../../http/crud-routes';
import { allowLargeJson } from '../../http/large-json';
import { answerKey, type ResponseCache } from '../../http/response-cache';
import { type AccessGuard, addRoute, requireAnyMark, withMessage } from '../../http/routes';
import { removeUpload, saveImage, UploadRateLimit } from '../../http/uploaded-image';
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
  addCrudRoutes(app, guard, routes, {
    list: (ctx) =>
      listAnswers.answer(answerKey(routes.list.path, ctx.caller!, ctx.lang, ctx.query), () =>
        users.list(ctx.caller!, ctx.query, ctx.lang),
      ),
    queryById: (ctx) => users.get(ctx.caller!, ctx.query.id, ctx.lang),
    add: async (ctx) => (await users.add(ctx.caller!, ctx.body)).id,
    edit: async (ctx) => {
      // A replaced avatar's file goes with it (uploads are never shared between users).
      const before = (await users.findById(ctx.body.id))?.avatar;
      await users.edit(ctx.caller!, ctx.body);
      if (before && before !== (ctx.body.avatar ?? null)) await removeUpload(config.dataDir, before);
    },
    remove: (ctx, ids) => users.delete(ctx.caller!, ids),
    exportXls: {
      resource: USER_RESOURCE,
      fileName: { 'zh-CN': '用户列表', 'en-US': 'users' },
      rows: (ctx) => users.exportRows(ctx.caller!, ctx.query, ctx.lang),
    },
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
  // Avatars come as data URLs: this scope takes JSON bodies up to 3 MB.
  const uploadLimit = new UploadRateLimit();
  app.register(async (uploads) => {
    allowLargeJson(uploads);
    addRoute(uploads, guard, routes.avatar, async (ctx) => {
      await requireAnyMark(guard, ctx.caller!, [marks.system.user.add, marks.system.user.edit]);
      uploadLimit.take(ctx.caller!.userId);
      const name = await saveImage(config.dataDir, 'avatar', ctx.body.file, MAX_AVATAR);
      return withMessage(
        { path: name, url: `${config.basePath}/sys/common/static/${name}` },
        'system.upload_ok',
      );
    });
  });
}
