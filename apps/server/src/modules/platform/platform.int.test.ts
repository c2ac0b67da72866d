import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { adminApi, describeWithApp, testPng as png } from '../../../test/harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ics-platform-test-'));

describeWithApp(
  'platform: settings and uploaded images',
  (ctx) => {
    const api = adminApi(ctx);

    it('defaults to OpenStreetMap tiles with their credit and serves the offline tiles folder', async () => {
      const pub = await ctx().request({ method: 'GET', url: '/ics/sys/platform/public' });
      expect(pub.body.result).toMatchObject({
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        tileAttribution: '© OpenStreetMap contributors',
      });
      mkdirSync(path.join(dataDir, 'tiles', '3', '6'), { recursive: true });
      writeFileSync(path.join(dataDir, 'tiles', '3', '6', '2.png'), png());
      const tile = await ctx().app.inject({ method: 'GET', url: '/ics/sys/common/tiles/3/6/2.png' });
      expect(tile.statusCode).toBe(200);
      expect(tile.headers['content-type']).toBe('image/png');
      expect(
        (await ctx().app.inject({ method: 'GET', url: '/ics/sys/common/tiles/3/6/9.png' })).statusCode,
      ).toBe(404);
      expect(
        (await ctx().app.inject({ method: 'GET', url: '/ics/sys/common/tiles/3/..%2F..%2F/2.png' }))
          .statusCode,
      ).toBe(400);
      const local = await api('PUT', '/sys/platform/settings', {
        platFormTitleCn: '测试平台',
        tileUrl: '/ics/sys/common/tiles/{z}/{x}/{y}.png',
      });
      expect(local.status).toBe(200);
    });

    it('updates platform settings and refuses fake or oversized logos', async () => {
      const put = await api('PUT', '/sys/platform/settings', {
        platFormTitleCn: '测试平台',
        platFormTitleEn: 'Test platform',
        tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
      });
      expect(put.status).toBe(200);
      expect((await api('GET', '/sys/platform/settings')).body.result.tileUrl).toContain('{z}');
      const badTile = await api('PUT', '/sys/platform/settings', {
        platFormTitleCn: 'x',
        tileUrl: 'ftp://x',
      });
      expect(badTile.status).toBe(400);
      const text = `data:image/png;base64,${Buffer.from('this is not a png at all').toString('base64')}`;
      const fake = await api('POST', '/sys/platform/logo', { file: text });
      expect(fake.status).toBe(400);
      expect(fake.body.message).toBe('只能上传PNG或JPEG图片');
      const big = await api('POST', '/sys/platform/logo', { file: png(210 * 1024) });
      expect(big.status).toBe(400);
      expect(big.body.errorCode).toBe('system.upload.too_large');
      const ok = await api('POST', '/sys/platform/logo', { file: png() });
      expect(ok.status).toBe(200);
      const served = await ctx().app.inject({ method: 'GET', url: ok.body.result.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      const bg = await api('POST', '/sys/platform/loginBackground', { file: png(1024 * 1024) });
      expect(bg.status).toBe(200);
      const pub = await ctx().request({ method: 'GET', url: '/ics/sys/platform/public' });
      expect(pub.body.result).toMatchObject({
        platFormTitleCn: '测试平台',
        platFormLogo: ok.body.result.url,
      });
    });

    it('deletes the logo a new one replaces, refuses huge images and too many uploads a minute', async () => {
      // The database variants share the data directory: count only this variant's files.
      const uploads = path.join(dataDir, 'uploads');
      const before = new Set(existsSync(uploads) ? readdirSync(uploads) : []);
      const huge = Buffer.from(png().split(',')[1]!, 'base64');
      huge.writeUInt32BE(20_000, 16);
      huge.writeUInt32BE(20_000, 20);
      const refused = await api('POST', '/sys/platform/logo', {
        file: `data:image/png;base64,${huge.toString('base64')}`,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        errorCode: 'system.upload.too_many_pixels',
        message: '图片尺寸过大（20000×20000），最多40百万像素',
      });

      const first = await api('POST', '/sys/platform/logo', { file: png() });
      const firstFile = path.join(dataDir, 'uploads', first.body.result.path);
      expect(existsSync(firstFile)).toBe(true);
      const second = await api('POST', '/sys/platform/logo', { file: png() });
      expect(second.status).toBe(200);
      expect(existsSync(firstFile)).toBe(false);
      expect(existsSync(path.join(dataDir, 'uploads', second.body.result.path))).toBe(true);

      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await api('POST', '/sys/platform/logo', { file: png() })).status);
      expect(statuses).toContain(429);
      const limited = await api('POST', '/sys/platform/loginBackground', { file: png() });
      expect(limited.status).toBe(429);
      expect(limited.body.errorCode).toBe('system.upload.too_often');
      expect(limited.body.message).toMatch(/^上传过于频繁，请\d+秒后再试$/);
      // Every file but the current logo and background is gone.
      expect(readdirSync(uploads).filter((f) => !before.has(f)).length).toBeLessThanOrEqual(2);
    });
  },
  { DATA_DIR: dataDir },
);
