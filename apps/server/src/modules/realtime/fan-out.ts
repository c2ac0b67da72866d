import type { RealtimeMessage } from '@ics/contract/server';

/** What one node asks every node (itself included) to do with its console sockets. */
export type Delivery =
  | { to: 'all'; message: RealtimeMessage }
  | { to: 'users'; userIds: string[]; message: RealtimeMessage }
  | { to: 'control'; action: 'disconnectAll' };

/**
 * Carries deliveries between API nodes. In-process for one node; a Redis (or PostgreSQL
 * LISTEN/NOTIFY) implementation lets several nodes reach every console, wherever it is connected.
 */
export type FanOut = {
  publish(delivery: Delivery): Promise<void>;
  /** Every delivery published by any node, this one included; returns the unsubscribe. */
  subscribe(listener: (delivery: Delivery) => void): () => void;
  close(): Promise<void>;
};

/** One node: deliveries go straight to this process's listeners. */
export class InProcessFanOut implements FanOut {
  private readonly listeners = new Set<(delivery: Delivery) => void>();

  async publish(delivery: Delivery): Promise<void> {
    for (const listener of this.listeners) listener(delivery);
  }

  subscribe(listener: (delivery: Delivery) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
