import type { Database } from '../../../db/database';
import { DeviceRepository } from '../device.repository';
import type { GatewayDirectory } from '../directory/gateway-directory';
import { GatewayRepository } from '../gateway.repository';
import type { LiveEvents } from '../live/live-events';
import type { RawMessageLog } from '../live/raw-log';
import type { RollupBuckets, RollupProgress } from '../telemetry/rollup-buckets';
import type { TelemetryStore } from '../telemetry/telemetry-store';
import { BulkTurns } from './bulk-turns';
import { DeviceConditionEvents } from './condition-events';
import { ExpressLane } from './express-lane';
import { GatewayPresence } from './gateway-presence';
import { HistoryWriter } from './history-writer';
import { type CommandAcks, emptyStats, type IngestEvents, type IngestLogger } from './ingest-events';
import type { LiveDevice } from './live-device';
import { LiveDevices } from './live-devices';
import type { OfflineMarking } from './offline-marking';
import { ReadingBuffers } from './reading-buffers';
import { Registration } from './registration';
import { StateWriter } from './state-writer';
import { StoredReceipts } from './stored-receipts';
import { isTelemetry, UplinkIntake } from './uplink-intake';
import { UplinkRouter } from './uplink-router';

/** Backlog (readings) at which senders are held back, unless the options say otherwise. */
const HIGH_WATER = 100_000;
/** Changed devices listed for pushes and state rows between two looks at the bulk budget. */
const CHANGED_SLICE = 1_000;

export type IngestOptions = {
  flushMs: number;
  batchSize: number;
  retentionDays: number;
  /** Bulk lane: a device's dev_state row is rewritten at most this often unless on/level/online/faults changed. */
  stateWriteMs?: number;
  /** Backlog (readings) at which senders are held back; `HIGH_WATER` by default. */
  highWater?: number;
  /** A gateway's last_seen is rewritten at most this often while it keeps reporting (5 s by default). */
  seenWriteMs?: number;
  /** The event loop's budget of bulk work, shared with the telemetry store's COPY. */
  turns?: BulkTurns;
};

/**
 * Device uplink ingestion, as a pipeline of stages (ingest-events.ts): admission with
 * backpressure, routing and validation, per-kind buffers and live state, then writers. Messages
 * are handled synchronously into column buffers; a flush every `flushMs` (or when `batchSize`
 * readings are waiting) writes telemetry with one statement per table, pushes the devices
 * changed, queues their state rows, and records gateways seen and gone, conditions and fault
 * flags. Acks and the state a command changed take the express lane instead.
 */
export class IngestPipeline {
  readonly stats = emptyStats();
  private readonly turns: BulkTurns;
  private readonly devices = new LiveDevices();
  private readonly buffers: ReadingBuffers;
  private readonly intake: UplinkIntake;
  private readonly presence: GatewayPresence;
  /** Offline lists and fault flags → per-device events (condition-events.ts). */
  private readonly conditions: DeviceConditionEvents;
  private readonly states: StateWriter;
  private readonly history: HistoryWriter;
  private readonly express: ExpressLane;
  private readonly receipts = new StoredReceipts();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  /** Readings of the flush in progress (the backlog is these plus the buffered ones). */
  private writing = 0;
  private stopped = false;

  constructor(
    db: Database,
    directory: GatewayDirectory,
    store: TelemetryStore,
    live: LiveEvents,
    rawLog: RawMessageLog,
    commands: CommandAcks,
    private readonly offline: OfflineMarking,
    private readonly events: IngestEvents & { log: IngestLogger },
    private readonly options: IngestOptions,
  ) {
    const { stats } = this;
    const log = events.log;
    this.turns = options.turns ?? new BulkTurns();
    this.conditions = new DeviceConditionEvents(db, live);
    this.states = new StateWriter(db, this.turns, events, stats, log, options.stateWriteMs);
    this.express = new ExpressLane(commands, this.states, stats, log);
    this.buffers = new ReadingBuffers(
      this.devices,
      this.conditions,
      this.express,
      stats,
      options.batchSize,
      () => void this.flush(),
    );
    this.history = new HistoryWriter(store, this.turns, stats, this.buffers.recycle);
    this.presence = new GatewayPresence(db, live, events, options.seenWriteMs);
    const router = new UplinkRouter(
      {
        directory,
        registration: new Registration(new GatewayRepository(db), new DeviceRepository(db), directory, log),
        presence: this.presence,
        devices: this.devices,
        buffers: this.buffers,
        conditions: this.conditions,
        states: this.states,
        express: this.express,
        commands,
        rawLog,
      },
      stats,
      log,
      options.retentionDays,
    );
    this.intake = new UplinkIntake(
      (topic, payload) => router.accept(topic, payload),
      {
        backlog: () => this.backlog,
        prompt: (sn) => commands.awaitingAck(sn) || this.express.isPrompt(sn),
      },
      this.turns,
      stats,
      options.highWater ?? HIGH_WATER,
    );
  }

  /** Milliseconds from an ack's arrival to its row written (diagnostics for the bench). */
  get ackWriteMs() {
    return this.express.ackWriteMs;
  }

  /** Milliseconds from a reading in the express lane to its device's state row written (diagnostics). */
  get expressStateMs() {
    return this.express.expressStateMs;
  }

  /** Readings received and not yet stored: buffered or being written. */
  get backlog(): number {
    return this.buffers.size + this.writing;
  }

  /** The latest state of a device as this node heard it (undefined: not heard from here). */
  liveState(deviceId: string): LiveDevice | undefined {
    return this.devices.get(deviceId);
  }

  /** Takes the hourly rollup sums gathered since the last call (the rollup job upserts them). */
  takeRollupBuckets(): RollupBuckets {
    return this.history.takeRollupBuckets();
  }

  /**
   * Gives back rollup sums a failed run did not write, `done` being those it wrote (merged into
   * the sums gathered meanwhile).
   */
  returnRollupBuckets(b: RollupBuckets, done?: RollupProgress): void {
    this.history.returnRollupBuckets(b, done);
  }

  /**
   * Forgets what this node wrote for the devices of gateways marked offline elsewhere (the
   * offline monitor), so that their next reading writes online = true at once.
   */
  forgetGateways(gatewayIds: readonly string[]): void {
    if (gatewayIds.length === 0) return;
    const ids = new Set(gatewayIds);
    this.presence.forget(ids);
    this.devices.forgetWritten(ids);
  }

  /** Marks a gateway offline with the next flush (its MQTT session closed). */
  gatewayGone(gatewayId: string): void {
    this.presence.gone(gatewayId);
  }

  /** Lets a held-back gateway go on at once: a command was just sent to it. */
  releaseSender(gatewaySn: string): void {
    this.intake.releaseSender(gatewaySn);
  }

  /** Entry point for every uplink message (see `UplinkIntake.handle`). */
  handle(topic: string, payload: Buffer): Promise<void> | undefined {
    return this.intake.handle(topic, payload);
  }

  /**
   * For a QoS 1 message, `taken` being what `handle` answered for it: a promise settled once it
   * is stored, for the bus to acknowledge it then; undefined when that may be at once. Telemetry
   * waits for the flush that writes its readings (up to `flushMs` and the write). The rest is
   * acknowledged at once, acks above all: what an ack records is written by the express lane
   * within milliseconds, and the gateway's next messages must not wait for a flush.
   */
  stored(topic: string, taken: Promise<void> | undefined): Promise<void> | undefined {
    if (!isTelemetry(topic)) return undefined;
    // Asked once the message is taken in (its readings buffered), not while it waits its turn.
    const whenStored = () => this.receipts.whenStored();
    return taken ? taken.then(whenStored, whenStored) : whenStored();
  }

  start(): void {
    this.timer = setInterval(() => {
      void this.flush();
      this.states.writeDue();
    }, this.options.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.express.stop();
    if (this.timer) clearInterval(this.timer);
    this.intake.stop();
    // A flush in progress leaves what arrived meanwhile to the next one: wait for it, then write the rest.
    await this.drain();
  }

  /** Writes everything buffered. Concurrent calls share one flush and schedule one more. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    const receipt = this.receipts.take();
    let failed = false;
    this.flushing = this.doFlush()
      .catch((error: Error) => {
        failed = true;
        this.stats.flushErrors++;
        this.events.log.error({ err: error }, 'device ingestion flush failed');
      })
      .finally(() => {
        this.receipts.settle(receipt, failed);
        this.flushing = null;
        this.writing = 0;
        this.intake.releaseRoom();
        if (this.flushAgain && !this.stopped) {
          this.flushAgain = false;
          void this.flush();
        }
      });
    return this.flushing;
  }

  /** Waits until the acks received so far are written (the express lane writes them). */
  async acksWritten(): Promise<void> {
    await this.intake.drain();
    await this.express.drain();
  }

  /** Waits until everything received so far is written. */
  async drain(): Promise<void> {
    // Queued telemetry first (a stopped node queues nothing new).
    await this.intake.drain();
    while (this.flushing) await this.flushing;
    await this.flush();
    await this.express.drain();
    await this.states.drain();
  }

  private async doFlush(): Promise<void> {
    if (
      !this.buffers.size &&
      !this.devices.changedCount &&
      !this.presence.waiting &&
      !this.states.faultsWaiting
    )
      return;
    const { lamps, sensors } = this.buffers.take();
    const changed = this.devices.takeChanged();
    const { seen, gone } = this.presence.take();
    const faults = this.states.takeFaults();
    const started = Date.now();

    // History is written while the rest of the flush goes on (PostgreSQL: COPY on the bulk
    // connection, the rest on the main pool; PGlite: their statements interleave).
    this.writing = lamps.size + sensors.size;
    const history = this.history.write(lamps, sensors);
    history.catch(() => undefined); // awaited below, after the rest
    if (seen.size) await this.presence.write(seen);
    if (gone.size) this.forgetGateways(await this.offline.mark([...gone]));
    // Live pushes from memory at once; the rows follow (see state-writer.ts). In slices: 100,000
    // devices listed at once held the event loop for 50–150 ms.
    for (let from = 0; from < changed.length; from += CHANGED_SLICE) {
      await this.turns.room();
      const to = Math.min(changed.length, from + CHANGED_SLICE);
      this.events.onDevicesChanged(changed, from, to);
      for (let i = from; i < to; i++) this.states.queue(changed[i]!);
    }
    if (changed.length) this.states.writeDue();
    await this.conditions.flush();
    await this.states.writeFaults(faults);
    await history;
    this.stats.flushes++;
    this.stats.lastFlushMs = Date.now() - started;
    this.stats.flushMs += this.stats.lastFlushMs;
  }
}
