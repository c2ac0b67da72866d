/**
 * A result that is already JSON text (a cached, serialised answer): the envelope is written
 * around it without parsing and serialising it again on every request.
 *
 * The envelope's bytes up to the timestamp are encoded once per message and kept with the
 * answer, so a cached answer costs one buffer copy per request — no `JSON.stringify`, no UTF-8
 * encoding and no length scan of the (mostly non-ASCII) result. The timestamp is the last
 * field so that it is the only part written per request.
 */
export class RawJson {
  /** Envelope head per success message (one per language in practice). */
  private readonly heads = new Map<string, Buffer>();
  /**
   * The last envelope written, reused for answers within the same millisecond: under load
   * several requests share one, and its bytes are exactly what a fresh build would give.
   */
  private last: { head: Buffer; timestamp: number; bytes: Buffer } | undefined;

  constructor(readonly json: string) {}

  /** The success envelope `{ success, message, code, result, timestamp }` as UTF-8 bytes. */
  envelope(message: string, timestamp: number = Date.now()): Buffer {
    let head = this.heads.get(message);
    if (!head) {
      head = Buffer.from(
        `{"success":true,"message":${JSON.stringify(message)},"code":200,"result":${this.json},"timestamp":`,
      );
      this.heads.set(message, head);
    }
    const ms = Math.trunc(timestamp);
    if (this.last?.head === head && this.last.timestamp === ms) return this.last.bytes;
    const tail = `${ms}}`;
    const bytes = Buffer.allocUnsafe(head.length + tail.length);
    head.copy(bytes, 0);
    bytes.write(tail, head.length, 'latin1');
    this.last = { head, timestamp: ms, bytes };
    return bytes;
  }
}
