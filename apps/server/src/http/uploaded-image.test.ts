import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { imageInfo, removeUpload, saveImage, UploadRateLimit, uploadsDir } from './uploaded-image';

const png = (width: number, height: number) => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
};
const jpeg = (width: number, height: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]), // SOI, an APP0 segment
    Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08]),
    Buffer.from([height >> 8, height & 0xff, width >> 8, width & 0xff]),
    Buffer.alloc(8),
  ]);
const gif = (width: number, height: number) => {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0, 'ascii');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
};
const webp = (chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number) => {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'ascii');
  b.write('WEBP', 8, 'ascii');
  b.write(chunk, 12, 'ascii');
  if (chunk === 'VP8 ') {
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  } else if (chunk === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE(((height - 1) << 14) | (width - 1), 21);
  } else {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  }
  return b;
};
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

const keyOf = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return 'no error';
  } catch (e) {
    return e instanceof AppError ? `${e.status} ${e.key}` : String(e);
  }
};

describe('uploaded images', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ics-upload-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reads the size of PNG, JPEG, GIF and WebP images from their headers', () => {
    expect(imageInfo(png(640, 480))).toEqual({ kind: 'png', width: 640, height: 480 });
    expect(imageInfo(jpeg(1920, 1080))).toEqual({ kind: 'jpg', width: 1920, height: 1080 });
    expect(imageInfo(gif(300, 200))).toEqual({ kind: 'gif', width: 300, height: 200 });
    for (const chunk of ['VP8 ', 'VP8L', 'VP8X'] as const)
      expect(imageInfo(webp(chunk, 1000, 700))).toEqual({ kind: 'webp', width: 1000, height: 700 });
    expect(imageInfo(Buffer.from('not an image at all, just text'))).toBeUndefined();
  });

  it('refuses PNG and JPEG images over 40 megapixels before storing anything, and other formats', async () => {
    for (const bytes of [png(20_000, 20_000), jpeg(65_000, 65_000)])
      expect(await keyOf(() => saveImage(dataDir, 'logo', dataUrl(bytes), 2_000_000))).toBe(
        '400 system.upload.too_many_pixels',
      );
    expect(existsSync(uploadsDir(dataDir))).toBe(false);
    const name = await saveImage(dataDir, 'logo', dataUrl(png(8_000, 5_000)), 2_000_000);
    expect(name).toMatch(/^logo-[0-9a-f]{32}\.png$/);
    // GIF and WebP are measured, not stored.
    for (const bytes of [gif(10, 10), webp('VP8X', 10_000, 5_000)])
      expect(await keyOf(() => saveImage(dataDir, 'logo', dataUrl(bytes), 2_000_000))).toBe(
        '400 system.upload.bad_image',
      );
  });

  it('deletes a replaced upload by its name or url, and leaves anything else alone', async () => {
    const name = await saveImage(dataDir, 'avatar', dataUrl(png(10, 10)), 2_000_000);
    const file = path.join(uploadsDir(dataDir), name);
    expect(existsSync(file)).toBe(true);
    await removeUpload(dataDir, 'https://elsewhere.example/x.png');
    await removeUpload(dataDir, `../../${name}x`);
    await removeUpload(dataDir, null);
    expect(existsSync(file)).toBe(true);
    await removeUpload(dataDir, `/ics/sys/common/static/${name}`);
    expect(existsSync(file)).toBe(false);
    await removeUpload(dataDir, name); // already gone: nothing to do
  });

  it('limits uploads per user and minute, then lets them upload again', async () => {
    let now = 1_000_000;
    const limit = new UploadRateLimit(3, () => now);
    for (let i = 0; i < 3; i++) limit.take('u1');
    expect(await keyOf(async () => limit.take('u1'))).toBe('429 system.upload.too_often');
    limit.take('u2'); // another user has their own count
    now += 60_001;
    limit.take('u1');
  });
});
