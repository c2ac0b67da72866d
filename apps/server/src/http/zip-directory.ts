/**
 * What a zip archive (an .xlsx is one) says it holds, read from its central directory without
 * inflating anything: how many entries, and how large they are once uncompressed. A file that is
 * no zip, or a zip64 archive (an .xlsx of the size the platform takes never needs one), answers
 * undefined.
 */
export type ZipSummary = { entries: number; uncompressed: number; compressed: number };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const ZIP64 = 0xffffffff;

/** Offset of the end-of-central-directory record: within the last 22 + 65,535 bytes (its comment). */
function endOfDirectory(bytes: Buffer): number | undefined {
  for (let p = bytes.length - 22; p >= Math.max(0, bytes.length - 22 - 0xffff); p--)
    if (bytes.readUInt32LE(p) === END_OF_DIRECTORY) return p;
  return undefined;
}

export function zipDirectory(bytes: Buffer): ZipSummary | undefined {
  if (bytes.length < 22) return undefined;
  const end = endOfDirectory(bytes);
  if (end === undefined) return undefined;
  const entries = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const start = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || size === ZIP64 || start === ZIP64 || start + size > end) return undefined;
  const summary: ZipSummary = { entries, uncompressed: 0, compressed: 0 };
  let p = start;
  for (let i = 0; i < entries; i++) {
    if (p + 46 > end || bytes.readUInt32LE(p) !== DIRECTORY_ENTRY) return undefined;
    const compressed = bytes.readUInt32LE(p + 20);
    const uncompressed = bytes.readUInt32LE(p + 24);
    if (compressed === ZIP64 || uncompressed === ZIP64) return undefined;
    summary.compressed += compressed;
    summary.uncompressed += uncompressed;
    p += 46 + bytes.readUInt16LE(p + 28) + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
  }
  return summary;
}
