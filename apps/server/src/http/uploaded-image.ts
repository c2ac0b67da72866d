import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../lib/errors';

type ImageKind = 'png' | 'jpg' | 'gif' | 'webp';
type ImageInfo = { kind: ImageKind; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
function pngInfo(bytes: Buffer): ImageInfo | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') return undefined;
  return { kind: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Width and height from a JPEG's frame header (SOF segment), walking the segments before it. */
function jpegInfo(bytes: Buffer): ImageInfo | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { kind: 'jpg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

/** Width and height from a GIF's logical screen descriptor. */
function gifInfo(bytes: Buffer): ImageInfo | undefined {
  const signature = bytes.toString('ascii', 0, 6);
  if (bytes.length < 10 || (signature !== 'GIF87a' && signature !== 'GIF89a')) return undefined;
  return { kind: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** Width and height from a WebP's first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpInfo(bytes: Buffer): ImageInfo | undefined {
  if (
    bytes.length < 30 ||
    bytes.toString('ascii', 0, 4) !== 'RIFF' ||
    bytes.toString('ascii', 8, 12) !== 'WEBP'
  )
    return undefined;
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8 ')
    return { kind: 'webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { kind: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X')
    return { kind: 'webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return undefined;
}

/** The image's format and size, read from its header without decoding a pixel. */
export function imageInfo(bytes: Buffer): ImageInfo | undefined {
  const info = pngInfo(bytes) ?? jpegInfo(bytes) ?? gifInfo(bytes) ?? webpInfo(bytes);
  return info && info.width > 0 && info.height > 0 ? info : undefined;
}

/**
 * The most pixels an uploaded image may have: a small file can declare a huge image (a
 * 20000×20000 PNG compresses to little), which every browser showing it would then decode.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`;

/** The directory of uploaded files, outside the code tree. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** A checked image: PNG or JPEG (the formats the platform stores and serves), with its size in pixels. */
export type CheckedImage = { bytes: Buffer; kind: 'png' | 'jpg'; width: number; height: number };

/**
 * Checks `bytes` are really a PNG or JPEG no larger than `maxBytes`, no larger than
 * MAX_IMAGE_PIXELS (and, when given, no wider or taller than `maxSide`). Stores nothing.
 */
export function checkImageBytes(bytes: Buffer, maxBytes: number, maxSide?: number): CheckedImage {
  if (bytes.length > maxBytes)
    throw new AppError(400, 'system.upload.too_large', { max: formatSize(maxBytes) });
  const info = imageInfo(bytes);
  // GIF and WebP are recognised (and measured) but the platform stores and serves PNG and JPEG;
  // judging the format first keeps a text that merely starts like a GIF a wrong format, not a huge image.
  if (!info || (info.kind !== 'png' && info.kind !== 'jpg'))
    throw new AppError(400, 'system.upload.bad_image');
  if (info.width * info.height > MAX_IMAGE_PIXELS)
    throw new AppError(400, 'system.upload.too_many_pixels', {
      width: info.width,
      height: info.height,
      max: MAX_IMAGE_PIXELS / 1_000_000,
    });
  if (maxSide !== undefined && (info.width > maxSide || info.height > maxSide))
    throw new AppError(400, 'system.upload.too_large', { max: `${maxSide}×${maxSide}` });
  return { bytes, kind: info.kind, width: info.width, height: info.height };
}

/** Decodes a data URL (or bare base64) and checks it as `checkImageBytes` does. Stores nothing. */
export function checkImage(file: string, maxBytes: number, maxSide?: number): CheckedImage {
  const match = /^data:image\/[a-z+.-]+;base64,(.*)$/s.exec(file.trim());
  const base64 = (match ? match[1]! : file.trim()).replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new AppError(400, 'system.upload.bad_image');
  // Refuse before decoding when even the encoded size is clearly too large.
  if (Math.floor((base64.length * 3) / 4) - 2 > maxBytes)
    throw new AppError(400, 'system.upload.too_large', { max: formatSize(maxBytes) });
  return checkImageBytes(Buffer.from(base64, 'base64'), maxBytes, maxSide);
}

/** Stores a checked image under a random name (`<prefix>-<hex>.<ext>`) and returns the name. */
export async function storeImage(dataDir: string, prefix: string, image: CheckedImage): Promise<string> {
  const name = `${prefix}-${randomBytes(16).toString('hex')}.${image.kind}`;
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), image.bytes);
  return name;
}

/** Checks a data URL (or bare base64) image and stores it. Returns the stored name. */
export async function saveImage(
  dataDir: string,
  prefix: string,
  file: string,
  maxBytes: number,
): Promise<string> {
  return storeImage(dataDir, prefix, checkImage(file, maxBytes));
}

/** Checks an uploaded file's bytes (multipart) as an image and stores them. Returns the stored name. */
export async function saveImageBytes(
  dataDir: string,
  prefix: string,
  bytes: Buffer,
  maxBytes: number,
): Promise<string> {
  return storeImage(dataDir, prefix, checkImageBytes(bytes, maxBytes));
}

/** The stored name an upload's url or name ends with; undefined for anything that is not one. */
const UPLOAD_NAME = /(?:^|\/)([a-z]+-[0-9a-f]{32}\.(?:png|jpg))$/;

/**
 * Deletes an uploaded file that a new upload replaced (`nameOrUrl` as stored in a setting or a
 * user). Values that are no upload of this platform (an external url, nothing) are left alone.
 */
export async function removeUpload(dataDir: string, nameOrUrl: string | null | undefined): Promise<void> {
  const name = nameOrUrl ? UPLOAD_NAME.exec(nameOrUrl)?.[1] : undefined;
  if (!name) return;
  await fs.rm(path.join(uploadsDir(dataDir), name), { force: true });
}

/**
 * Uploads per user and minute: each upload is a file on disk, and a client sending them in a
 * loop filled it at a gigabyte a minute. Counted per server node, per scope that owns one.
 */
export class UploadRateLimit {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly perMinute = 10,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an upload of `userId`, or throws 429 when they have used up the minute. */
  take(userId: string): void {
    const now = this.now();
    const times = (this.recent.get(userId) ?? []).filter((t) => t > now - 60_000);
    if (times.length >= this.perMinute) {
      const seconds = Math.max(1, Math.ceil((times[0]! + 60_000 - now) / 1000));
      throw new AppError(429, 'system.upload.too_often', { seconds });
    }
    times.push(now);
    this.recent.set(userId, times);
    if (this.recent.size > 10_000) this.forgetIdle(now);
  }

  private forgetIdle(now: number): void {
    for (const [user, times] of this.recent)
      if (times.every((t) => t <= now - 60_000)) this.recent.delete(user);
  }
}
