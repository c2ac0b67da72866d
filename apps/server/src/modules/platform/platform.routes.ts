import fs from 'node:fs/promises';
import path from 'node:path';
import { platformRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { allowLargeJson } from '../../http/large-json';
import { type AccessGuard, addRoute, type Caller, withMessage } from '../../http/routes';
import { removeUpload, saveImage, UploadRateLimit, uploadsDir } from '../../http/uploaded-image';
import { notFound } from '../../lib/errors';
import type { PlatformService } from './platform.service';

/** Where uploaded images are kept and the path the API is served under. */
export type UploadsConfig = { dataDir: string; basePath: string };

const MAX_LOGO = 200 * 1024;
const MAX_BACKGROUND = 2 * 1024 * 1024;

/**
 * Platform settings and the images they point at. Uploads are JSON bodies carrying a data URL
 * (@fastify/multipart is not installed); this scope accepts JSON bodies up to 3 MB for them.
 */
export async function registerPlatformRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  platform: PlatformService,
  config: UploadsConfig,
): Promise<void> {
  const url = (name: string) => `${config.basePath}/sys/common/static/${name}`;

  addRoute(app, guard, routes.settings, () => platform.settings());
  addRoute(app, guard, routes.update, async (ctx) =>
    withMessage(await platform.update(ctx.body), 'system.save_ok'),
  );

  // A new logo or background replaces the old one's file; uploads per user and minute are limited.
  const uploadLimit = new UploadRateLimit();
  await app.register(async (uploads) => {
    allowLargeJson(uploads);
    const replaceImage =
      (prefix: string, max: number, setting: 'platFormLogo' | 'platFormLoginSrc') =>
      async (ctx: { caller: Caller | null; body: { file: string } }) => {
        uploadLimit.take(ctx.caller!.userId);
        const name = await saveImage(config.dataDir, prefix, ctx.body.file, max);
        const before = (await platform.settings())[setting];
        await platform.update({ [setting]: url(name) });
        await removeUpload(config.dataDir, before);
        return withMessage({ path: name, url: url(name) }, 'system.upload_ok');
      };
    addRoute(uploads, guard, routes.logo, replaceImage('logo', MAX_LOGO, 'platFormLogo'));
    addRoute(
      uploads,
      guard,
      routes.loginBackground,
      replaceImage('background', MAX_BACKGROUND, 'platFormLoginSrc'),
    );
  });

  addRoute(app, guard, routes.staticFile, async (ctx) => {
    // The name is validated by the route's pattern (prefix-hex.ext), so it cannot leave the directory.
    const file = path.join(uploadsDir(config.dataDir), ctx.params.file);
    const content = await fs.readFile(file).catch(() => undefined);
    if (!content) throw notFound();
    await ctx.reply
      .header('content-type', file.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(content);
    return null;
  });

  // The offline tiles folder: a base map without internet (copy a z/x/y.png tree into it).
  const tilesDir = path.join(config.dataDir, 'tiles');
  addRoute(app, guard, routes.offlineTile, async (ctx) => {
    // Every part is digits (the route's pattern), so the path cannot leave the folder.
    const file = path.join(tilesDir, ctx.params.z, ctx.params.x, ctx.params.y);
    const content = await fs.readFile(file).catch(() => undefined);
    if (!content) throw notFound();
    await ctx.reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(content);
    return null;
  });
}
