/** A QoS 1 message as a broker sends it again after a reconnect: same packet id, topic and payload. */
type Carried = { topic: string; payload: Buffer };

/** How many of the last acknowledged messages count as possibly unacknowledged when the connection drops. */
const RECENT_ACKS = 2_000;

const same = (a: Carried, b: Carried) => a.topic === b.topic && a.payload.equals(b.payload);

/**
 * The QoS 1 messages of one persistent session that were stored but whose PUBACK may not have
 * reached the broker: stored after their connection went, or acknowledged just before it went
 * (a broker that stops does not read what is still on the wire). A resumed session sends those
 * again, flagged DUP, with the same packet id, topic and payload: they are to be acknowledged
 * and not stored a second time.
 */
export class Redeliveries {
  /** Taken in on the session and not acknowledged yet, by packet id. */
  private readonly carried = new Map<number, Carried>();
  /** The last ones acknowledged on the current connection, oldest first. */
  private readonly acknowledged = new Map<number, Carried>();
  private readonly stored = new Map<number, Carried>();

  /** A QoS 1 message came: true when it was stored before (acknowledge it, do not take it in). */
  storedBefore(messageId: number, message: Carried, dup: boolean): boolean {
    const before = this.stored.get(messageId);
    this.stored.delete(messageId);
    if (dup && before && same(before, message)) return true;
    this.carried.set(messageId, message);
    return false;
  }

  /** Its PUBACK is on its way to the broker. */
  acknowledge(messageId: number): void {
    const message = this.carried.get(messageId);
    if (!message) return;
    this.carried.delete(messageId);
    this.acknowledged.set(messageId, message);
    if (this.acknowledged.size > RECENT_ACKS)
      this.acknowledged.delete(this.acknowledged.keys().next().value!);
  }

  /** Stored after its connection went: no PUBACK was sent. */
  storedUnacknowledged(messageId: number): void {
    const message = this.carried.get(messageId);
    if (message) this.stored.set(messageId, message);
  }

  /** The connection went: the PUBACKs just sent may not have arrived. */
  connectionClosed(): void {
    for (const [messageId, message] of this.acknowledged) this.stored.set(messageId, message);
    this.acknowledged.clear();
  }

  /** Connected again; a session the broker did not keep sends nothing again. */
  connected(sessionPresent: boolean): void {
    if (!sessionPresent) this.stored.clear();
  }
}
