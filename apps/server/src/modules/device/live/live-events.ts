import type { DeviceLiveEvent } from '@ics/contract/server';

/** One event for the consoles; the realtime module delivers it to the users whose projects include `projectId`. */
export type LiveEvent = { kind: string; projectId: string; payload: unknown };

/**
 * How the device runtime tells consoles what happened. The in-process implementation below
 * serves one node; with several API nodes an implementation backed by Redis pub/sub or
 * PostgreSQL LISTEN/NOTIFY takes its place behind the same two calls.
 */
export type LiveEvents = {
  publish(event: LiveEvent): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
};

export class InProcessLiveEvents implements LiveEvents {
  private readonly listeners = new Set<(event: LiveEvent) => void>();

  publish(event: LiveEvent | DeviceLiveEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing listener must not stop ingestion or the other listeners.
      }
    }
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
