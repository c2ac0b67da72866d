import type { PubackQueue } from './puback-queue';

/**
 * The device bus as the platform sees it: uplink messages in (handed to the `Uplink` given when
 * the bus starts), commands out, and (where the broker can tell) sessions opening and closing.
 * Two implementations: the broker embedded in this process (embedded-broker.ts), and a client of
 * an external broker (Mosquitto, EMQX) with a shared subscription (external-broker.ts).
 */
export type DeviceBus = {
  readonly kind: 'embedded' | 'external';
  /** Where devices connect, e.g. mqtt://localhost:1884. */
  readonly url: string;
  /** Called with a gateway sn when its MQTT session opens or closes (embedded broker only). */
  onSession(handler: (sn: string, connected: boolean) => void): void;
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
  /**
   * Takes in what an external broker still holds for another node's persistent session (that
   * node died), as this node's own, and ends that session (external broker only).
   */
  drainSession(clientId: string): Promise<void>;
  /** Whether messages flow now: the embedded broker listens; the external client is connected. */
  readonly connected: boolean;
  /** Stops taking messages in, acknowledges those stored meanwhile, and disconnects. */
  close(): Promise<void>;
};

/** Where the bus hands uplink messages (the ingestion pipeline). */
export type Uplink = {
  /**
   * Takes a message in. A promise holds the sender back (backpressure): nothing more is read from
   * that connection until it settles. Once the answer has settled, the message is taken in.
   */
  take(topic: string, payload: Buffer): Promise<void> | undefined;
  /**
   * For a QoS 1 message, `taken` being what `take` answered for it: a promise settled once the
   * message is stored, so that it is acknowledged only then; rejected when it may not have been.
   * Undefined: acknowledge it at once.
   */
  stored(topic: string, taken: Promise<void> | undefined): Promise<void> | undefined;
};

/**
 * Hands a message to the uplink: `next` once the sender may go on; for a QoS 1 message, `acks`
 * (its connection's PUBACKs, in arrival order) acknowledges `messageId` once it is stored.
 */
export function deliver(
  uplink: Uplink,
  message: { topic: string; payload: Buffer },
  next: () => void,
  ack?: { acks: PubackQueue; messageId: number },
): void {
  const taken = uplink.take(message.topic, message.payload);
  if (ack) ack.acks.add(ack.messageId, uplink.stored(message.topic, taken));
  // Never synchronously: the broker delivers its queued messages from `next`, recursively.
  if (taken) void taken.then(next, next);
  else queueMicrotask(next);
}
