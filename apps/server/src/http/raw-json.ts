import { constants, crc32, deflateRawSync } from 'node:zlib';

/** Answers shorter than this (JSON bytes) are sent as they are: gzip would save too little. */
export const GZIP_MIN_BYTES = 1024;

/** A gzip member's fixed header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

type Head = { bytes: Buffer; gzip?: { deflated: Buffer; crc: number } };

/**
 * A result that is already JSON text (a cached, serialised answer): the envelope is written
 * around it without parsing and serialising it again on every request.
 *
 * The envelope's bytes up to the timestamp are encoded once per message and kept with the
 * answer, so a cached answer costs one buffer copy per request — no `JSON.stringify`, no UTF-8
 * encoding and no length scan of the (mostly non-ASCII) result. The timestamp is the last
 * field so that it is the only part written per request.
 *
 * The same holds compressed (`gzipEnvelope`): the head is deflated once and ends on a flush
 * point, and each answer appends its timestamp as an uncompressed final block, so a gzip answer
 * costs a copy and a CRC over a dozen bytes instead of compressing kilobytes per request.
 */
export class RawJson {
  /** Envelope head per success message (one per language in practice). */
  private readonly heads = new Map<string, Head>();
  /**
   * The last envelope written, reused for answers within the same millisecond: under load
   * several requests share one, and its bytes are exactly what a fresh build would give.
   */
  private last: { head: Head; timestamp: number; bytes: Buffer } | undefined;
  private lastGzip: { head: Head; timestamp: number; bytes: Buffer } | undefined;

  constructor(readonly json: string) {}

  /** Whether a client that accepts gzip should get `gzipEnvelope` rather than `envelope`. */
  get worthCompressing(): boolean {
    return this.json.length >= GZIP_MIN_BYTES;
  }

  /** The success envelope `{ success, message, code, result, timestamp }` as UTF-8 bytes. */
  envelope(message: string, timestamp: number = Date.now()): Buffer {
    const head = this.head(message);
    const ms = Math.trunc(timestamp);
    if (this.last?.head === head && this.last.timestamp === ms) return this.last.bytes;
    const tail = `${ms}}`;
    const bytes = Buffer.allocUnsafe(head.bytes.length + tail.length);
    head.bytes.copy(bytes, 0);
    bytes.write(tail, head.bytes.length, 'latin1');
    this.last = { head, timestamp: ms, bytes };
    return bytes;
  }

  /** `envelope(message, timestamp)` as one gzip member (RFC 1952). */
  gzipEnvelope(message: string, timestamp: number = Date.now()): Buffer {
    const head = this.head(message);
    const ms = Math.trunc(timestamp);
    if (this.lastGzip?.head === head && this.lastGzip.timestamp === ms) return this.lastGzip.bytes;
    head.gzip ??= {
      // A sync flush ends the deflate data on a byte boundary with no final block yet.
      deflated: deflateRawSync(head.bytes, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
      crc: crc32(head.bytes),
    };
    const { deflated, crc } = head.gzip;
    const tail = Buffer.from(`${ms}}`, 'latin1');
    const bytes = Buffer.allocUnsafe(GZIP_HEADER.length + deflated.length + 5 + tail.length + 8);
    let at = GZIP_HEADER.copy(bytes, 0);
    at += deflated.copy(bytes, at);
    // The final block, stored: BFINAL=1, BTYPE=00, then LEN and its complement.
    at = bytes.writeUInt8(0x01, at);
    at = bytes.writeUInt16LE(tail.length, at);
    at = bytes.writeUInt16LE(~tail.length & 0xffff, at);
    at += tail.copy(bytes, at);
    at = bytes.writeUInt32LE(crc32(tail, crc), at);
    bytes.writeUInt32LE((head.bytes.length + tail.length) % 2 ** 32, at);
    this.lastGzip = { head, timestamp: ms, bytes };
    return bytes;
  }

  private head(message: string): Head {
    let head = this.heads.get(message);
    if (!head) {
      head = {
        bytes: Buffer.from(
          `{"success":true,"message":${JSON.stringify(message)},"code":200,"result":${this.json},"timestamp":`,
        ),
      };
      this.heads.set(message, head);
    }
    return head;
  }
}
