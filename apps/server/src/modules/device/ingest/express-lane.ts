import { createHistogram } from 'node:perf_hooks';
import type { HeardAck } from '../commands/heard-acks';
import type { CommandAcks, IngestLogger, IngestStats } from './ingest-events';
import type { LiveDevice } from './live-device';
import type { StateWriter } from './state-writer';
import { WriteLane } from './write-lane';

/** Devices whose readings take the express lane: some of a gateway's, or all of them. */
export type ExpressDevices = ReadonlySet<string> | 'all';

/**
 * After an ack, a gateway's telemetry takes the express lane this long (the state the command
 * changed): handled at once, never held back, its devices' rows written within milliseconds.
 */
const EXPRESS_MS = 2_000;

/**
 * The express lane: acks, and the state of the devices a command just acked addresses, are
 * written within milliseconds instead of with the next bulk flush, so that a command's outcome
 * and its effect are visible at once while bulk telemetry keeps flowing.
 */
export class ExpressLane {
  /** Milliseconds from an ack's arrival to its row written (diagnostics for the bench). */
  readonly ackWriteMs = createHistogram();
  /** Milliseconds from a reading in the express lane to its device's state row written (diagnostics). */
  readonly expressStateMs = createHistogram();
  /**
   * Keyed by gateway serial number: until when its messages are prompt, and whose state takes
   * the lane ('all' its devices when the command was sent by another node).
   */
  private readonly gateways = new Map<string, { until: number; devices: ExpressDevices }>();
  private scheduled = false;
  private stopped = false;
  private readonly ackLane: WriteLane<HeardAck>;
  private readonly stateLane: WriteLane<LiveDevice>;

  constructor(
    commands: CommandAcks,
    states: StateWriter,
    private readonly stats: IngestStats,
    private readonly log: IngestLogger,
  ) {
    this.ackLane = new WriteLane<HeardAck>(
      (acks) =>
        commands.record(acks).then(() => {
          const written = Date.now();
          for (const a of acks) this.ackWriteMs.record(Math.max(1, written - a.ts));
        }),
      (error) => this.failed(error),
    );
    this.stateLane = new WriteLane<LiveDevice>(
      (devices) =>
        states.writeExpress(devices).then(() => {
          const written = performance.now();
          for (const d of devices)
            this.expressStateMs.record(Math.max(1, Math.round(written - d.expressSince)));
        }),
      (error) => this.failed(error),
    );
  }

  stop(): void {
    this.stopped = true;
  }

  /** Whether the gateway just acked a command (its telemetry is then handled at once). */
  isPrompt(sn: string): boolean {
    return (this.gateways.get(sn)?.until ?? 0) > Date.now();
  }

  /**
   * An ack arrived: its row is written at once, and for `EXPRESS_MS` the gateway is prompt and
   * the devices of the command take the express lane (the telemetry that follows carries their
   * new state); every device of the gateway when the command is not followed by this node.
   */
  ack(ack: HeardAck, sn: string, now: number, commanded: readonly string[] | undefined): void {
    this.ackLane.add(ack);
    if (this.gateways.size > 10_000) this.gateways.clear();
    const current = this.devicesOf(sn, now);
    const devices: ExpressDevices =
      commanded === undefined || current === 'all' ? 'all' : new Set([...(current ?? []), ...commanded]);
    this.gateways.set(sn, { until: now + EXPRESS_MS, devices });
    this.schedule();
  }

  /** The devices of this gateway whose readings take the express lane now (null: none). */
  devicesOf(sn: string, now: number): ExpressDevices | null {
    const e = this.gateways.get(sn);
    return e && e.until > now ? e.devices : null;
  }

  /** A device whose state row is to be written at once. */
  addState(d: LiveDevice): void {
    d.express = true;
    d.expressSince = performance.now();
    this.stateLane.add(d);
  }

  /**
   * Writes the lane once the message in hand is handled (its acks and states go in one
   * statement each), not a turn of the event loop later: under load a turn costs 10–40 ms, and
   * acks arriving meanwhile gather behind the write in flight anyway (`WriteLane`).
   */
  schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Waits until the lane has written everything queued for it. */
  async drain(): Promise<void> {
    while (this.ackLane.busy || this.stateLane.busy) await this.flush();
  }

  /**
   * Writes the acks and states waiting now. They are independent rows written by two lanes side
   * by side (PostgreSQL: two connections), each with one write in flight: an ack never waits for
   * a state row, which may wait for a bulk chunk of state rows before it.
   */
  private flush(): Promise<void> {
    return Promise.all([this.ackLane.flush(), this.stateLane.flush()]).then(() => undefined);
  }

  private failed(error: Error): void {
    this.stats.flushErrors++;
    this.log.error({ err: error }, 'device ingestion express write failed');
  }
}
