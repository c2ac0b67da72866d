/**
 * The device bus as the platform sees it: uplink messages in, commands out, and (where the
 * broker can tell) sessions opening and closing. Two implementations: the broker embedded in
 * this process (embedded-broker.ts), and a client of an external broker (Mosquitto, EMQX) with a
 * shared subscription (external-broker.ts).
 */
export type DeviceBus = {
  readonly kind: 'embedded' | 'external';
  /** Where devices connect, e.g. mqtt://localhost:1884. */
  readonly url: string;
  /**
   * Uplink messages. A handler that answers a promise holds the sender back (backpressure):
   * nothing more is read from that connection until the promise settles.
   */
  onMessage(handler: MessageHandler): void;
  /** Called with a gateway sn when its MQTT session opens or closes (embedded broker only). */
  onSession(handler: (sn: string, connected: boolean) => void): void;
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
  /** Whether messages flow now: the embedded broker listens; the external client is connected. */
  readonly connected: boolean;
  close(): Promise<void>;
};

export type MessageHandler = (topic: string, payload: Buffer) => Promise<void> | undefined;

/** Calls every handler; `done` once the promises they answered (if any) have settled. */
export function deliver(handlers: MessageHandler[], topic: string, payload: Buffer, done: () => void): void {
  const waits: Array<Promise<void>> = [];
  for (const h of handlers) {
    const wait = h(topic, payload);
    if (wait) waits.push(wait);
  }
  // Never synchronously: the broker delivers its queued messages from `done`, recursively.
  if (waits.length === 0) queueMicrotask(done);
  else void Promise.allSettled(waits).then(done);
}
