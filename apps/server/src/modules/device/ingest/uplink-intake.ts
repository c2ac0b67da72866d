import { parseUpTopic } from '@ics/contract/server';
import type { BulkTurns } from './bulk-turns';
import type { IngestStats } from './ingest-events';

/** Whether an uplink topic carries telemetry (nearly every message; the rest are handled at once). */
export const isTelemetry = (topic: string): boolean => topic.endsWith('/up/telemetry');
/** Held-back gateways let go per turn of the event loop once there is room. */
const RELEASE_PER_TURN = 25;

/** What the intake needs to know to let a message in. */
export type IntakeGauge = {
  /** Readings received and not yet stored. */
  backlog(): number;
  /**
   * Whether a gateway's messages go ahead of the queue and are never held back: commands sent to
   * it await acks (they come on the same connection, behind its telemetry: holding it back would
   * time them out), or it just acked one (the telemetry that follows carries the command's effect).
   */
  prompt(sn: string): boolean;
};

/**
 * Admits uplink messages: telemetry waits for its turn within the bulk budget of the event loop,
 * and while the backlog is at the high-water mark each sender is held back (backpressure).
 */
export class UplinkIntake {
  /** Telemetry waiting for its turn (at most one message per gateway: its sender waits). */
  private readonly queue: Array<{ topic: string; payload: Buffer; done: () => void }> = [];
  private queueHead = 0;
  private queueScheduled = false;
  /** Senders held back wait on this until the backlog is under half of the high-water mark. */
  private readonly held = new Map<string, Array<() => void>>();
  /** Held senders are being let go, a few per turn. */
  private releasing = false;
  private stopped = false;

  constructor(
    private readonly accept: (topic: string, payload: Buffer) => Promise<void> | undefined,
    private readonly gauge: IntakeGauge,
    private readonly turns: BulkTurns,
    private readonly stats: IngestStats,
    /**
     * Backpressure: while this many readings are buffered or being written, each message handled
     * holds its sender back (the bus reads nothing more from that gateway; its messages wait in
     * TCP buffers and on the gateway) until flushes bring the backlog under half of it. Load
     * never drops readings; it slows the senders down.
     */
    private readonly highWater: number,
  ) {}

  /**
   * Entry point for every uplink message. Never throws. Answers a promise while the message
   * waits for its turn (telemetry, below), for its gateway to be looked up, or when the backlog
   * is at the high-water mark: the bus then reads nothing more from that sender until it
   * settles (so a gateway's messages are also handled in the order it sent them).
   *
   * Telemetry (nearly every message, 100 readings each) is queued and handled within the bulk
   * budget of the event loop's turns (bulk-turns.ts), so that acks, commands and HTTP requests
   * arriving meanwhile are served between two slices instead of after a whole burst of input.
   * A gateway awaiting acks, or that just acked one, skips the queue (`prompt`).
   */
  handle(topic: string, payload: Buffer): Promise<void> | undefined {
    if (!this.stopped && isTelemetry(topic)) {
      const sn = parseUpTopic(topic)?.sn ?? '';
      if (!this.gauge.prompt(sn))
        return new Promise<void>((done) => {
          this.queue.push({ topic, payload, done });
          if (!this.queueScheduled) {
            this.queueScheduled = true;
            void this.turns.next().then(this.handleQueued);
          }
        });
    }
    return this.handleNow(topic, payload);
  }

  /** Lets every held sender go, and queues nothing more. */
  stop(): void {
    this.stopped = true;
    this.releaseRoom(true);
  }

  /** Waits until the queued telemetry is handled (its slices run on their own). */
  async drain(): Promise<void> {
    while (this.queueScheduled) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Lets a held-back gateway go on at once: a command was just sent to it. */
  releaseSender(gatewaySn: string): void {
    const waiting = this.held.get(gatewaySn);
    if (!waiting) return;
    this.held.delete(gatewaySn);
    for (const resolve of waiting) resolve();
  }

  /** Lets held-back senders go on once the backlog is under half of the high-water mark (or at once). */
  releaseRoom(now = false): void {
    if (this.held.size === 0 || (!now && this.gauge.backlog() >= this.highWater / 2)) return;
    if (now) {
      const waiting = [...this.held.values()];
      this.held.clear();
      for (const list of waiting) for (const resolve of list) resolve();
      return;
    }
    if (this.releasing) return;
    this.releasing = true;
    // A few gateways per turn of the event loop: each one let go delivers the messages it
    // queued meanwhile, and all of them at once kept acks and HTTP requests waiting.
    const step = () => {
      let n = 0;
      for (const [sn, list] of this.held) {
        this.held.delete(sn);
        for (const resolve of list) resolve();
        if (++n >= RELEASE_PER_TURN) break;
      }
      if (this.held.size && this.gauge.backlog() < this.highWater && !this.stopped) setImmediate(step);
      else this.releasing = false;
    };
    step();
  }

  private handleNow(topic: string, payload: Buffer): Promise<void> | undefined {
    const lookup = this.accept(topic, payload);
    return lookup ? lookup.then(() => this.roomAfter(topic)) : this.roomAfter(topic);
  }

  /** Handles queued telemetry (one message at least) until the turn's bulk budget is spent. */
  private readonly handleQueued = (): void => {
    let i = this.queueHead;
    do {
      const { topic, payload, done } = this.queue[i]!;
      this.queue[i++] = undefined as never;
      const wait = this.handleNow(topic, payload);
      if (wait) wait.then(done, done);
      else done();
    } while (i < this.queue.length && !this.turns.spent);
    if (i < this.queue.length) {
      this.queueHead = i;
      void this.turns.next().then(this.handleQueued);
    } else {
      this.queue.length = 0;
      this.queueHead = 0;
      this.queueScheduled = false;
    }
  };

  /**
   * Undefined while the backlog is under the high-water mark, or when the sender is prompt;
   * else a promise of room.
   */
  private roomAfter(topic: string): Promise<void> | undefined {
    if (this.gauge.backlog() < this.highWater || this.stopped) return undefined;
    const sn = parseUpTopic(topic)?.sn ?? '';
    if (this.gauge.prompt(sn)) return undefined;
    this.stats.heldBack++;
    return new Promise<void>((resolve) => {
      const waiting = this.held.get(sn);
      if (waiting) waiting.push(resolve);
      else this.held.set(sn, [resolve]);
    });
  }
}
