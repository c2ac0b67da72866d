import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { makeThumbnail, THUMBNAIL_MAX_SIDE } from './image-thumbnail';
import { checkImageBytes } from './uploaded-image';

/** A photo-like image: random pixels, so it neither compresses to nothing nor decodes trivially. */
async function noise(width: number, height: number, format: 'png' | 'jpeg') {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 104729) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    [format]()
    .toBuffer();
}

describe('makeThumbnail', () => {
  it('shrinks a large photo to a JPEG within the limit, keeping its proportions', async () => {
    const photo = checkImageBytes(await noise(2000, 1000, 'jpeg'), 10 * 1024 * 1024);
    const thumb = await makeThumbnail(photo);
    expect(thumb).toMatchObject({ kind: 'jpg', width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE / 2 });
    const decoded = await sharp(thumb.bytes).metadata();
    expect(decoded).toMatchObject({ format: 'jpeg', width: 320, height: 160 });
    expect(thumb.bytes.length).toBeLessThan(photo.bytes.length / 4);
  });

  it('never enlarges a small image, and flattens a PNG', async () => {
    const thumb = await makeThumbnail(checkImageBytes(await noise(120, 200, 'png'), 1024 * 1024));
    expect((await sharp(thumb.bytes).metadata()).format).toBe('jpeg');
    expect([thumb.width, thumb.height]).toEqual([120, 200]);
  });

  it('refuses bytes whose header looks right but that do not decode', async () => {
    const header = await noise(64, 64, 'png');
    const broken = checkImageBytes(Buffer.concat([header.subarray(0, 40), Buffer.alloc(200)]), 1024 * 1024);
    const error = await makeThumbnail(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('system.upload.bad_image');
  });
});
