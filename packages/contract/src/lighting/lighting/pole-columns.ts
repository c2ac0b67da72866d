import type { PoleMapDto } from './lighting.routes';

/**
 * `GET /lighting/pole/mapColumns`: the static part of the map (`PoleMapDto`) as one binary
 * body, so that a console receives 100,000 poles without a JSON parse on its main thread.
 * Little-endian throughout:
 *
 * | offset | content |
 * |---|---|
 * | 0 | magic `ICSP` (4 bytes) |
 * | 4 | u32 layout version (`POLE_COLUMNS_FORMAT`) |
 * | 8 | u32 pole count `n` |
 * | 12 | u32 byte length `v` of the registry version |
 * | 16 | i32 × n longitudes, millionths of a degree |
 * | 16 + 4n | i32 × n latitudes, millionths of a degree |
 * | 16 + 8n | u8 × n kinds (bit set, see `poleKindBit`) |
 * | 16 + 9n | the version, ASCII (`v` bytes) |
 * | 16 + 9n + v | the codes, UTF-8, separated by NUL (which PostgreSQL text never holds) |
 */
export const POLE_COLUMNS_FORMAT = 1;
export const POLE_COLUMNS_TYPE = 'application/vnd.ics.pole-columns';
const MAGIC = [0x49, 0x43, 0x53, 0x50];
const HEADER_BYTES = 16;
const SEPARATOR = '\u0000';

/** The map's columns, positions already in degrees. */
export type PoleColumns = {
  version: string;
  codes: string[];
  lng: Float64Array;
  lat: Float64Array;
  kinds: Uint8Array;
};

const micro = (degrees: number) => Math.round(degrees * 1e6);

export function encodePoleColumns(map: PoleMapDto): Uint8Array {
  const n = map.codes.length;
  const encoder = new TextEncoder();
  const version = encoder.encode(map.version);
  const codes = encoder.encode(map.codes.join(SEPARATOR));
  const bytes = new Uint8Array(HEADER_BYTES + 9 * n + version.length + codes.length);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint32(4, POLE_COLUMNS_FORMAT, true);
  view.setUint32(8, n, true);
  view.setUint32(12, version.length, true);
  for (let i = 0; i < n; i++) {
    view.setInt32(HEADER_BYTES + 4 * i, micro(map.lng[i] ?? 0), true);
    view.setInt32(HEADER_BYTES + 4 * (n + i), micro(map.lat[i] ?? 0), true);
    bytes[HEADER_BYTES + 8 * n + i] = map.kinds[i] ?? 0;
  }
  bytes.set(version, HEADER_BYTES + 9 * n);
  bytes.set(codes, HEADER_BYTES + 9 * n + version.length);
  return bytes;
}

/** Reads `encodePoleColumns`' bytes; throws on anything else (a proxy's error page, a newer layout). */
export function decodePoleColumns(buffer: ArrayBuffer | Uint8Array): PoleColumns {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < HEADER_BYTES || MAGIC.some((b, i) => bytes[i] !== b))
    throw new Error('not a pole columns body');
  const format = view.getUint32(4, true);
  if (format !== POLE_COLUMNS_FORMAT) throw new Error(`pole columns layout ${format} is not supported`);
  const n = view.getUint32(8, true);
  const versionBytes = view.getUint32(12, true);
  const codesAt = HEADER_BYTES + 9 * n + versionBytes;
  if (codesAt > bytes.length) throw new Error('pole columns body is truncated');
  const lng = new Float64Array(n);
  const lat = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lng[i] = view.getInt32(HEADER_BYTES + 4 * i, true) / 1e6;
    lat[i] = view.getInt32(HEADER_BYTES + 4 * (n + i), true) / 1e6;
  }
  const kinds = bytes.slice(HEADER_BYTES + 8 * n, HEADER_BYTES + 9 * n);
  const decoder = new TextDecoder();
  const version = decoder.decode(bytes.subarray(HEADER_BYTES + 9 * n, codesAt));
  const codes = n === 0 ? [] : decoder.decode(bytes.subarray(codesAt)).split(SEPARATOR);
  if (codes.length !== n) throw new Error('pole columns body has the wrong number of codes');
  return { version, codes, lng, lat, kinds };
}
