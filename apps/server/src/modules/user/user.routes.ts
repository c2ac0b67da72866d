import { randomUUID } from 'node:crypto';
import { marks, userRoutes as routes, splitIds } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addCrudRoutes } from '../../http/crud-routes';
import { allowLargeJson } from '../../http/large-json';
import { allowMultipart, uploadedFile } from '../../http/multipart';
import { answerKey, type ResponseCache } from '../../http/response-cache';
import { type AccessGuard, addRoute, requireAnyMark, withMessage } from '../../http/routes';
import { removeUpload, saveImage, saveImageBytes, UploadRateLimit } from '../../http/uploaded-image';
import { USER_RESOURCE } from './user.repository';
import type { UserService } from './user.service';

const MAX_AVATAR = 2 * 1024 * 1024;
/** The forms that upload images through `/sys/common/upload`. */
const UPLOAD_MARKS = [
  marks.system.user.add,
  marks.system.user.edit,
  marks.system.announcement.add,
  marks.system.announcement.edit,
];

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

  // What JeecgBoot 2.x consoles call besides (docs/jeecg-console.md).
  addRoute(app, guard, routes.userDepartList, (ctx) => users.departOptions(ctx.caller!, ctx.query.userId));
  addRoute(app, guard, routes.userRoleList, (ctx) => {
    const { roleId, ...query } = ctx.query;
    return users.roleMembers(ctx.caller!, roleId, query, ctx.lang);
  });
  addRoute(app, guard, routes.departUserList, (ctx) => {
    const { depId, ...query } = ctx.query;
    return users.departMembers(ctx.caller!, depId || undefined, query, ctx.lang);
  });
  addRoute(app, guard, routes.addSysUserRole, async (ctx) => {
    await users.addRoleMembers(ctx.caller!, ctx.body.roleId, [...new Set(ctx.body.userIdList)]);
    return withMessage(null, 'system.add_ok');
  });
  addRoute(app, guard, routes.deleteUserRole, async (ctx) => {
    await users.removeRoleMembers(ctx.caller!, ctx.query.roleId, [ctx.query.userId]);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteUserRoleBatch, async (ctx) => {
    await users.removeRoleMembers(ctx.caller!, ctx.query.roleId, splitIds(ctx.query.userIds));
    return withMessage(null, 'system.batch_delete_ok');
  });
  addRoute(app, guard, routes.editSysDepartWithUser, async (ctx) => {
    await users.changeDepartMembers(ctx.caller!, ctx.body.depId, [...new Set(ctx.body.userIdList)], true);
    return withMessage(null, 'system.add_ok');
  });
  addRoute(app, guard, routes.deleteUserInDepart, async (ctx) => {
    await users.changeDepartMembers(ctx.caller!, ctx.query.depId, [ctx.query.userId], false);
    return withMessage(null, 'system.delete_ok');
  });
  addRoute(app, guard, routes.deleteUserInDepartBatch, async (ctx) => {
    await users.changeDepartMembers(ctx.caller!, ctx.query.depId, splitIds(ctx.query.userIds), false);
    return withMessage(null, 'system.batch_delete_ok');
  });
  // ICS gives a user its id when it is added; this one only satisfies the console's form.
  addRoute(app, guard, routes.generateUserId, () => randomUUID().replaceAll('-', ''));
  // Deleted users are not kept for restoring: the recycle bin is honestly empty.
  addRoute(app, guard, routes.recycleBin, () => []);
  // Features ICS does not have, answered honestly: no tenants, no positions, no synced apps.
  addRoute(app, guard, routes.tenantList, () => []);
  addRoute(app, guard, routes.positionList, () => ({
    records: [],
    total: 0,
    size: 10,
    current: 1,
    pages: 0,
  }));
  addRoute(app, guard, routes.thirdAppEnabledTypes, () => ({ wechatEnterprise: false, dingtalk: false }));
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
  // Jeecg's upload of the forms' images (the user's avatar, the announcement editor): a
  // multipart file, the same checks as the avatar, and the stored name in `message`.
  app.register(async (uploads) => {
    allowMultipart(uploads, MAX_AVATAR + 64 * 1024);
    addRoute(uploads, guard, routes.commonUpload, async (ctx) => {
      await requireAnyMark(guard, ctx.caller!, UPLOAD_MARKS);
      uploadLimit.take(ctx.caller!.userId);
      const bytes = await uploadedFile(ctx.request);
      const name = await saveImageBytes(config.dataDir, 'upload', bytes, MAX_AVATAR);
      return withMessage(
        { path: name, url: `${config.basePath}/sys/common/static/${name}` },
        'system.upload.path',
        {
          path: name,
        },
      );
    });
  });
}
