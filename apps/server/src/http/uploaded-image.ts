import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../lib/errors';

type ImageKind = 'png' | 'jpg';

/** Width and height from a PNG IHDR or a JPEG SOF segment; undefined when the bytes are not such an image. */
function imageInfo(bytes: Buffer): { kind: ImageKind; width: number; height: number } | undefined {
  const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(pngSignature)) {
    if (bytes.toString('ascii', 12, 16) !== 'IHDR') return undefined;
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    return width > 0 && height > 0 ? { kind: 'png', width, height } : undefined;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return undefined;
      const marker = bytes[offset + 1]!;
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        offset += 2;
        continue;
      }
      const length = bytes.readUInt16BE(offset + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        const height = bytes.readUInt16BE(offset + 5);
        const width = bytes.readUInt16BE(offset + 7);
        return width > 0 && height > 0 ? { kind: 'jpg', width, height } : undefined;
      }
      if (length < 2) return undefined;
      offset += 2 + length;
    }
  }
  return undefined;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`;

/** The directory of uploaded files, outside the code tree. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** A decoded image whose content was checked: PNG or JPEG, with its size in pixels. */
export type CheckedImage = { bytes: Buffer; kind: ImageKind; width: number; height: number };

/**
 * Decodes a data URL (or bare base64) and checks it is really a PNG or JPEG no larger than
 * `maxBytes` (and, when given, no wider or taller than `maxSide` pixels). Stores nothing.
 */
export function checkImage(file: string, maxBytes: number, maxSide?: number): CheckedImage {
  const match = /^data:image\/[a-z+.-]+;base64,(.*)$/s.exec(file.trim());
  const base64 = (match ? match[1]! : file.trim()).replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new AppError(400, 'system.upload.bad_image');
  // Refuse before decoding when even the encoded size is clearly too large.
  if (Math.floor((base64.length * 3) / 4) - 2 > maxBytes)
    throw new AppError(400, 'system.upload.too_large', { max: formatSize(maxBytes) });
  return saveImageBytes(dataDir, prefix, Buffer.from(base64, 'base64'), maxBytes);
}

/** Checks `bytes` are really a PNG or JPEG no larger than `maxBytes` and stores them under a random name. */
export async function saveImageBytes(
  dataDir: string,
  prefix: string,
  bytes: Buffer,
  maxBytes: number,
): Promise<string> {
  if (bytes.length > maxBytes)
    throw new AppError(400, 'system.upload.too_large', { max: formatSize(maxBytes) });
  const info = imageInfo(bytes);
  if (!info) throw new AppError(400, 'system.upload.bad_image');
  if (maxSide !== undefined && (info.width > maxSide || info.height > maxSide))
    throw new AppError(400, 'system.upload.too_large', { max: `${maxSide}×${maxSide}` });
  return { bytes, ...info };
}

/** Stores a checked image under a random name (`<prefix>-<hex>.<ext>`) and returns the name. */
export async function storeImage(dataDir: string, prefix: string, image: CheckedImage): Promise<string> {
  const name = `${prefix}-${randomBytes(16).toString('hex')}.${image.kind}`;
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), image.bytes);
  return name;
}

/**
 * Decodes a data URL (or bare base64), checks it is really a PNG or JPEG no larger than
 * `maxBytes`, and stores it under a random name. Returns the stored name.
 */
export async function saveImage(
  dataDir: string,
  prefix: string,
  file: string,
  maxBytes: number,
): Promise<string> {
  return storeImage(dataDir, prefix, checkImage(file, maxBytes));
}
