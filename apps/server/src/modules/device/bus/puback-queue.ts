type Held = { messageId: number; ready: boolean; sent?: Array<() => void> };

/** A PUBACK as MQTT 3.1.1 and 5 both read it (5: reason code 0 and no properties left out). */
const puback = (messageId: number): Buffer => Buffer.from([0x40, 0x02, messageId >> 8, messageId & 0xff]);

/**
 * The PUBACKs of one connection. MQTT (3.1.1 and 5, section 4.6) has QoS 1 messages acknowledged
 * in the order they arrived; here each also waits until its message is stored, since a sender
 * forgets what was acknowledged and a crash before the write would lose it for good. A message
 * that may not have been stored is never acknowledged: the connection is dropped instead, so that
 * the sender (a gateway, or the external broker keeping the platform's session) sends it again
 * with everything after it.
 */
export class PubackQueue {
  private readonly held: Held[] = [];
  private dropped = false;

  constructor(
    private readonly connection: {
      write(packet: Buffer): void;
      drop(): void;
      /**
       * A message was stored but the connection went before its PUBACK: the sender will send it
       * again, and it must not be stored twice.
       */
      storedUnacknowledged?(messageId: number): void;
    },
  ) {}

  /** Acknowledges a message after those before it, once `stored` settles (undefined: it is). */
  add(messageId: number, stored: Promise<void> | undefined): void {
    const entry: Held = { messageId, ready: false };
    this.held.push(entry);
    if (stored)
      stored.then(
        () => this.ready(entry),
        () => this.drop(),
      );
    else this.ready(entry);
  }

  /** Settles once every PUBACK held now has been sent, or the connection dropped. */
  settled(): Promise<void> {
    const last = this.held.at(-1);
    if (!last) return Promise.resolve();
    return new Promise((resolve) => {
      last.sent ??= [];
      last.sent.push(resolve);
    });
  }

  /** The connection is gone: nothing more is sent on it. */
  close(): void {
    this.dropped = true;
    for (const entry of this.held.splice(0)) {
      if (entry.ready) this.connection.storedUnacknowledged?.(entry.messageId);
      for (const resolve of entry.sent ?? []) resolve();
    }
  }

  private ready(entry: Held): void {
    entry.ready = true;
    if (this.dropped) {
      this.connection.storedUnacknowledged?.(entry.messageId);
      return;
    }
    while (!this.dropped && this.held[0]?.ready) {
      const sent = this.held.shift()!;
      this.connection.write(puback(sent.messageId));
      for (const resolve of sent.sent ?? []) resolve();
    }
  }

  private drop(): void {
    if (this.dropped) return;
    this.close();
    this.connection.drop();
  }
}
