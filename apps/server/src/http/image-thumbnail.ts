import type Sharp from 'sharp';
import { AppError } from '../lib/errors';
import { type CheckedImage, MAX_IMAGE_PIXELS } from './uploaded-image';

/** The longest side of a thumbnail, in pixels: sharp in a drawer, small on the wire. */
export const THUMBNAIL_MAX_SIDE = 320;

let loaded: Promise<typeof Sharp> | undefined;

/** sharp (libvips and its threads) loaded on the first upload: most starts never need it. */
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Decoded images are not kept between calls: uploads are rare and each image differs.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/**
 * A small JPEG of a checked image, at most `maxSide` pixels a side (never enlarged), turned
 * upright by its EXIF orientation and laid on white where it was transparent. Decoding is the
 * final content check: bytes whose header looked right but that do not decode are refused.
 */
export async function makeThumbnail(
  image: CheckedImage,
  maxSide = THUMBNAIL_MAX_SIDE,
): Promise<CheckedImage> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(image.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, kind: 'jpg', width: info.width, height: info.height };
  } catch {
    throw new AppError(400, 'system.upload.bad_image');
  }
}
